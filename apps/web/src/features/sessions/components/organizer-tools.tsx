import { useState, type FormEvent } from 'react';
import {
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { SESSION_DESCRIPTION_MAX, SESSION_INVITES_MAX, SESSION_NAME_MAX, type Session } from '@tutti/contract/sessions';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../lib/error-text';
import { useInvite } from '../api/invite';
import { useSetCoverPicture } from '../api/set-cover-picture';
import { useUpdateOpenRehearsal } from '../api/update-open-rehearsal';
import { SESSIONS_NS } from '../translations';
import { unknownUsernames } from '../unknown-usernames';

function EditSessionModal({ session, opened, onClose }: { session: Session; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const update = useUpdateOpenRehearsal(session.id);
  const [name, setName] = useState(session.name);
  const [description, setDescription] = useState(session.description ?? '');
  const [isPublic, setPublic] = useState(session.public);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('create.nameRequired'));
      return;
    }
    setNameError(null);
    setFormError(null);
    update.mutate(
      { name: name.trim(), description: description.trim() === '' ? null : description.trim(), public: isPublic },
      {
        onSuccess: onClose,
        onError: (error) => {
          const code = error instanceof ApiError ? error.fields.name : undefined;
          if (code) setNameError(code === 'required' ? t('create.nameRequired') : fieldErrorText(tCommon, code));
          else setFormError(errorText(tCommon, error));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('organizer.editTitle')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {formError && <FormAlert kind="error">{formError}</FormAlert>}
          <TextInput
            label={t('create.name')}
            required
            maxLength={SESSION_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
          />
          <Textarea
            label={t('create.description')}
            rows={3}
            maxLength={SESSION_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Switch
            label={t('create.visibilityPublic')}
            description={isPublic ? t('create.publicHint') : t('create.privateHint')}
            checked={isPublic}
            onChange={(e) => setPublic(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tCommon('cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('organizer.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function InviteMore({ session }: { session: Session }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const invite = useInvite(session.id);
  const [usernames, setUsernames] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (usernames.length === 0) return;
    setError(null);
    setDone(false);
    invite.mutate(usernames, {
      onSuccess: () => {
        setUsernames([]);
        setDone(true);
      },
      onError: (err) => {
        const names = unknownUsernames(err);
        const code = err instanceof ApiError ? err.fields.usernames : undefined;
        if (names.length > 0) setError(t('create.unknownUsernames', { count: names.length, names: names.join(', ') }));
        else if (code) setError(fieldErrorText(tCommon, code));
        else setError(errorText(tCommon, err));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TagsInput
          label={t('organizer.inviteLabel')}
          description={t('create.inviteHint')}
          value={usernames}
          onChange={setUsernames}
          maxTags={SESSION_INVITES_MAX}
          splitChars={[',', ' ']}
          error={error}
        />
        <Group gap="sm">
          <Button type="submit" variant="light" loading={invite.isPending} disabled={usernames.length === 0}>
            {t('organizer.invite')}
          </Button>
          {done && (
            <Text size="sm" role="status">
              {t('organizer.invitedDone')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** What only the organizer sees: edit, cover picture, more invitations. */
export function OrganizerTools({ session }: { session: Session }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const [editing, setEditing] = useState(false);
  const cover = useSetCoverPicture(session.id);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="organizer-tools">
      <Stack gap="md">
        <Title order={2} size="h4" id="organizer-tools">
          {t('organizer.tools')}
        </Title>
        <Group gap="sm">
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('organizer.edit')}
          </Button>
          <FileButton accept="image/jpeg,image/png,image/webp" onChange={(file) => file && cover.mutate(file)}>
            {(props) => (
              <Button {...props} variant="light" loading={cover.isPending}>
                {t('organizer.cover')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('organizer.coverHint')}
          </Text>
        </Group>
        {cover.isError && <FormAlert kind="error">{errorText(tCommon, cover.error)}</FormAlert>}
        {cover.isSuccess && <FormAlert kind="success">{t('organizer.coverUpdated')}</FormAlert>}
        {session.kind === 'open' && <InviteMore session={session} />}
      </Stack>
      {editing && <EditSessionModal session={session} opened={editing} onClose={() => setEditing(false)} />}
    </Paper>
  );
}
