import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
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
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { useUpdateOpenRehearsal } from '../api/update-open-rehearsal';
import { formatStart, formatTime } from '../schedule';
import { SESSIONS_NS } from '../translations';

type Confirming = 'cancelled' | 'ended' | null;

/**
 * The organizer's say on the session's state: start a scheduled one now or cancel it, end a live one for everyone,
 * restart an ended one while its grace period lasts. Cancelling and ending ask first; nothing here for a cancelled
 * session or an ended one past its grace period.
 */
export function SessionStateControls({ session }: { session: Session }) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const locale = currentLanguage();
  const update = useUpdateOpenRehearsal(session.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const restartable = session.status === 'ended' && session.restartableUntil !== null;
  if (session.kind !== 'open' || (session.status !== 'scheduled' && session.status !== 'live' && !restartable)) {
    return null;
  }

  const change = (status: 'live' | 'ended' | 'cancelled') =>
    update.mutate({ status }, { onSettled: () => setConfirming(null) });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="session-state">
      <Stack gap="sm">
        <Title order={2} size="h4" id="session-state">
          {t('lifecycle.title')}
        </Title>
        {update.isError && <FormAlert kind="error">{errorText(tCommon, update.error)}</FormAlert>}
        {session.status === 'scheduled' && (
          <>
            <Text size="sm" c="dimmed">
              {t('lifecycle.startNowHint', { date: formatStart(session.startsAt, locale) })}
            </Text>
            <Group gap="sm">
              <Button onClick={() => change('live')} loading={update.isPending && confirming === null}>
                {t('lifecycle.startNow')}
              </Button>
              <Button variant="outline" color="red.9" onClick={() => setConfirming('cancelled')}>
                {t('lifecycle.cancel')}
              </Button>
            </Group>
          </>
        )}
        {session.status === 'live' && (
          <div>
            <Button variant="outline" color="red.9" onClick={() => setConfirming('ended')}>
              {t('lifecycle.end')}
            </Button>
          </div>
        )}
        {restartable && (
          <>
            <Text size="sm" c="dimmed">
              {t('lifecycle.restartHint', { time: formatTime(session.restartableUntil ?? '', locale) })}
            </Text>
            <div>
              <Button onClick={() => change('live')} loading={update.isPending}>
                {t('lifecycle.restart')}
              </Button>
            </div>
          </>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(confirming === 'ended' ? 'lifecycle.endTitle' : 'lifecycle.cancelTitle', { name: session.name })}
        closeButtonProps={{ 'aria-label': tCommon('close') }}
        centered
      >
        <Stack gap="md">
          <Text>{confirming === 'ended' ? t('lifecycle.endBody') : t('lifecycle.cancelBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              {t('lifecycle.keep')}
            </Button>
            <Button color="red.8" loading={update.isPending} onClick={() => confirming && change(confirming)}>
              {t(confirming === 'ended' ? 'lifecycle.endConfirm' : 'lifecycle.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
