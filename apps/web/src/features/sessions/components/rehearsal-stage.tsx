import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tutti/contract/sessions';
import { currentLanguage } from '../../../lib/i18n';
import { useNals } from '../../../lib/nals/nals-store';
import type { RehearsalSnapshot } from '../rehearsal-controller';
import { formatStart } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { FreeMinutes } from './free-minutes';
import { NalsRequired } from './nals-required';
import { RehearsalManager } from './rehearsal-manager';

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
        </Paper>
        <RehearsalManager players={session.players} mySlot={joined.slot} roomId={joined.room.id} />
      </Stack>
    );
  }

  const ended = session.status === 'ended';
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        {snapshot.end && (
          <Alert color={snapshot.end === 'left' ? 'gray' : 'yellow'} variant="light" role="status" radius="md">
            {t(`details.endReasons.${snapshot.end}`)}
          </Alert>
        )}
        {ended ? (
          snapshot.end !== 'ended' && <Text>{t('details.ended')}</Text>
        ) : (
          <>
            {session.status === 'scheduled' && (
              <Text fw={600}>{t('details.startsOn', { date: formatStart(session.startsAt, currentLanguage()) })}</Text>
            )}
            {!isConnected && <NalsRequired message={t('details.needsClient')} />}
            {joinControl(isConnected && snapshot.phase === 'idle')}
          </>
        )}
      </Stack>
    </Paper>
  );
}
