import { useState } from 'react';
import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useSessionDetails } from '../api/session-details';
import { OrganizerTools } from '../components/organizer-tools';
import { RehearsalStage } from '../components/rehearsal-stage';
import { SessionOverview } from '../components/session-overview';
import { formatStart } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { useRehearsal } from '../use-rehearsal';
import { useSessionEvents } from '../use-session-events';

/** A 409 SESSION_NOT_STARTED names its start; anything else is the common sentence for its code. */
export function joinErrorText(
  t: TFunction<'sessions'>,
  tCommon: TFunction<'common'>,
  error: unknown,
  fallbackStart: string,
): string {
  if (error instanceof ApiError && error.code === 'SESSION_NOT_STARTED') {
    const at = typeof error.details.startsAt === 'string' ? error.details.startsAt : fallbackStart;
    return t('details.startsOn', { date: formatStart(at, currentLanguage()) });
  }
  return errorText(tCommon, error);
}

export function SessionNotFound() {
  const { t } = useTranslation(SESSIONS_NS);
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Text>{t('details.notFound')}</Text>
      <Anchor component={Link} to={PATHS.sessions}>
        {t('details.back')}
      </Anchor>
    </Stack>
  );
}

/** /studio/open-rehearsal/:sessionId: the session, live; joining; the rehearsal manager; the organizer's tools. */
export function OpenRehearsalPage() {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const { sessionId = '' } = useParams();
  const me = useCurrentUser();
  const details = useSessionDetails(sessionId);
  const rehearsal = useRehearsal('open', sessionId);
  useSessionEvents(sessionId, rehearsal.end);
  useTitle(details.data?.name ?? t('details.title'));
  const [joinError, setJoinError] = useState<string | null>(null);

  if (details.isError) return <SessionNotFound />;
  const session = details.data;
  if (!session) return <Loader aria-label={tCommon('loading')} />;
  const isOrganizer = !!me && session.organizer?.id === me.id;

  const join = () => {
    setJoinError(null);
    rehearsal.join().catch((error: unknown) => setJoinError(joinErrorText(t, tCommon, error, session.startsAt)));
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <SessionOverview session={session} myId={me?.id ?? null} />
      <RehearsalStage
        session={session}
        snapshot={rehearsal.snapshot}
        onLeave={() => void rehearsal.leave()}
        joinControl={(canJoin) => (
          <Stack gap="sm">
            {joinError && <FormAlert kind="error">{joinError}</FormAlert>}
            <div>
              <Button size="md" onClick={join} disabled={!canJoin} loading={rehearsal.snapshot.phase === 'joining'}>
                {t('details.join')}
              </Button>
            </div>
          </Stack>
        )}
      />
      {isOrganizer && session.status !== 'ended' && <OrganizerTools session={session} />}
    </Stack>
  );
}
