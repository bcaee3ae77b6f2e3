import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { showToast } from '../../../components/ui/toast-host';
import { currentLanguage } from '../../../lib/i18n';
import { useNals } from '../../../lib/nals/nals-store';
import { CLIENT_RETURN_GRACE_MS, type RehearsalSnapshot } from '../rehearsal-controller';
import { formatStart, formatTime } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { ChimeSwitch } from './chime-switch';
import { FreeMinutes } from './free-minutes';
import { NalsRequired } from './nals-required';
import { RehearsalManager } from './rehearsal-manager';
import { SubscribeLink } from './subscribe-link';

interface RehearsalStageProps {
  session: Session;
  snapshot: RehearsalSnapshot;
  onLeave: () => void;
  /** How to get in: a Join button, or the test rehearsal's password form. Gets whether joining is possible now. */
  joinControl: (canJoin: boolean) => ReactNode;
}

/** Before joining: how to get in and why not yet; once in: my slot, free minutes, Leave and the rehearsal manager. */
export function RehearsalStage({ session, snapshot, onLeave, joinControl }: RehearsalStageProps) {
  const { t } = useTranslation(SESSIONS_NS);
  const isConnected = useNals((s) => s.isConnected);
  const joined = snapshot.phase === 'joined' ? snapshot.joined : null;
  const returns = snapshot.returns;

  // Each time the client comes back the page has already sent it to the room: say so, no click asked.
  useEffect(() => {
    if (returns > 0) showToast({ message: t('details.soundBack'), color: 'teal' });
  }, [returns, t]);

  if (joined) {
    return (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Group justify="space-between" align="center" gap="sm">
            <Stack gap={4}>
              <Text fw={600}>{t('details.joinedAs', { slot: joined.slot + 1 })}</Text>
              <FreeMinutes minutes={snapshot.remainingMinutes} short />
            </Stack>
            <Button color="red.8" onClick={onLeave}>
              {t('details.leave')}
            </Button>
          </Group>
          <Divider my="md" />
          <ChimeSwitch />
        </Paper>
        {snapshot.away && (
          <NalsRequired
            urgent
            message={t(`details.away.${snapshot.away}`)}
            detail={t('details.away.grace', { minutes: CLIENT_RETURN_GRACE_MS / 60_000 })}
          />
        )}
        <RehearsalManager
          players={session.players}
          mySlot={joined.slot}
          roomId={joined.room.id}
          disabled={snapshot.away !== null}
        />
      </Stack>
    );
  }

  const over = session.status === 'ended' || session.status === 'cancelled';
  const locale = currentLanguage();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        {snapshot.end && (
          <Alert color={snapshot.end === 'left' ? 'gray' : 'yellow'} variant="light" role="status" radius="md">
            {t(`details.endReasons.${snapshot.end}`)}
            {snapshot.end === 'minutes' && <SubscribeLink before=" " strong />}
          </Alert>
        )}
        {over ? (
          snapshot.end !== 'ended' && (
            <Text>
              {session.status === 'cancelled'
                ? t('lifecycle.cancelled')
                : t('lifecycle.endedAt', { time: formatTime(session.endedAt ?? session.startsAt, locale) })}
            </Text>
          )
        ) : (
          <>
            {session.status === 'scheduled' && (
              <Text fw={600}>{t('details.startsOn', { date: formatStart(session.startsAt, locale) })}</Text>
            )}
            {session.closesAt && session.players.length === 0 && (
              <Text>{t('lifecycle.emptyUntil', { time: formatTime(session.closesAt, locale) })}</Text>
            )}
            {!isConnected && <NalsRequired message={t('details.needsClient')} />}
            {joinControl(isConnected && snapshot.phase === 'idle' && session.status === 'live')}
            <ChimeSwitch />
          </>
        )}
      </Stack>
    </Paper>
  );
}
