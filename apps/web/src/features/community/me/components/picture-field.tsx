import { useEffect, useState } from 'react';
import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/ui/form-alert';
import { errorText } from '../../../../lib/error-text';
import { MusicianAvatar } from '../../components/musician-avatar';
import { useSetPicture, type PictureKind } from '../api/my-profile';
import { PROFILE_NS } from '../translations';
import { croppedJpeg, type PixelArea } from './crop-image';
import { CropModal } from './crop-modal';
import { ProfileCover } from '../../components/profile-cover';
import { named } from '../../../../lib/elision';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
/** Pixels sent: the server makes its own sizes from them. */
const MAX_WIDTH: Record<PictureKind, number> = { profile: 800, cover: 1800 };

interface PictureFieldProps {
  kind: PictureKind;
  username: string;
  current: string | null;
  displayedUsername: string;
}

/** Pick, crop to the shown ratio, upload: a picture changes as soon as it is cropped (not with the form's Save). */
export function PictureField({ kind, username, current, displayedUsername }: PictureFieldProps) {
  const { t } = useTranslation(PROFILE_NS);
  const { t: tc } = useTranslation();
  const upload = useSetPicture(kind, username);
  const [src, setSrc] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const title = kind === 'profile' ? t('pictures.profile') : t('pictures.cover');

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const onFile = (file: File | null) => {
    upload.reset();
    setProblem(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setProblem(t('pictures.wrongType'));
      return;
    }
    setSrc(URL.createObjectURL(file));
  };

  const onApply = async (area: PixelArea) => {
    if (!src) return;
    setPreparing(true);
    let blob: Blob;
    try {
      blob = await croppedJpeg(src, area, MAX_WIDTH[kind]);
    } catch {
      setProblem(t('pictures.unreadable'));
      return;
    } finally {
      setPreparing(false);
    }
    upload.mutate(blob, { onSuccess: () => setSrc(null) });
  };

  const modalError = upload.isError ? errorText(tc, upload.error) : problem;

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {kind === 'profile' ? (
        <MusicianAvatar picture={current} alt={t('avatarAlt', named(displayedUsername))} size={96} radius={96} />
      ) : (
        <Box maw={360}>
          <ProfileCover src={current} alt={t('coverAlt')} />
        </Box>
      )}
      <Group gap="sm" align="center">
        <FileButton onChange={onFile} accept={ACCEPTED.join(',')}>
          {(props) => (
            <Button
              variant="default"
              size="sm"
              {...props}
              aria-label={`${current ? t('pictures.change') : t('pictures.choose')} — ${title}`}
            >
              {current ? t('pictures.change') : t('pictures.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('pictures.formats')}
        </Text>
      </Group>
      {problem && !src && <FormAlert kind="error">{problem}</FormAlert>}
      {upload.isSuccess && !src && (
        <FormAlert kind="success">
          {kind === 'profile' ? t('pictures.savedProfile') : t('pictures.savedCover')}
        </FormAlert>
      )}
      <CropModal
        src={src}
        aspect={kind === 'profile' ? 1 : 3}
        title={kind === 'profile' ? t('pictures.cropTitleProfile') : t('pictures.cropTitleCover')}
        busy={preparing || upload.isPending}
        error={modalError}
        onCancel={() => {
          setSrc(null);
          upload.reset();
        }}
        onApply={(area) => void onApply(area)}
      />
    </Stack>
  );
}
