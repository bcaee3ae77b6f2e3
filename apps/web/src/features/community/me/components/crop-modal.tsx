import { useState } from 'react';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { PROFILE_NS } from '../translations';
import type { PixelArea } from './crop-image';

interface CropModalProps {
  /** The picked file's object URL; null: closed. */
  src: string | null;
  /** Width over height: 1 for the profile picture, 3 for the cover. */
  aspect: number;
  title: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onApply: (area: PixelArea) => void;
}

/** The picked picture, cropped to the ratio it is shown at, with a zoom; nothing is sent before "Use this picture". */
export function CropModal({ src, aspect, title, busy, error, onCancel, onApply }: CropModalProps) {
  const { t } = useTranslation(PROFILE_NS);
  const { t: tc } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);

  return (
    <Modal
      opened={src !== null}
      onClose={onCancel}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': tc('close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('pictures.cropHint')}
        </Text>
        <Box pos="relative" h={aspect > 1 ? 220 : 300} style={{ borderRadius: 8, overflow: 'hidden' }}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              cropShape={aspect === 1 ? 'round' : 'rect'}
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              disableAutomaticStylesInjection
            />
          )}
        </Box>
        <div>
          <Text size="sm" fw={500}>
            {t('pictures.zoom')}
          </Text>
          <Slider
            value={zoom}
            onChange={setZoom}
            min={1}
            max={3}
            step={0.05}
            label={null}
            thumbLabel={t('pictures.zoom')}
          />
        </div>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => area && onApply(area)} loading={busy} disabled={!area}>
            {t('pictures.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
