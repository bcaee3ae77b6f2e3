import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import type { Session, SessionKind } from '@tutti/contract/sessions';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { PATHS } from '../../../lib/paths';
import { useNals } from '../../../lib/nals/nals-store';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useSessionDetails } from '../api/session-details';
import { wantsAutoJoin } from '../auto-join';
import { formatStart } from '../schedule';
import { SESSIONS_NS } from '../translations';
import { useRehearsal } from '../use-rehearsal';
import { useSessionEvents } from '../use-session-events';
import { RehearsalStage } from './rehearsal-stage';
import { SessionOverview } from './session-overview';
import { SubscribeLink } from './subscribe-link';

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

/** Free minutes used up at the door: the way to subscribe (SPEC section 1), as when they run out in the room. */
function joinErrorContent(
  t: TFunction<'sessions'>,
  tCommon: TFunction<'common'>,
  error: unknown,
  fallbackStart: string,
): ReactNode {
  if (error instanceof ApiError && error.code === 'NO_MINUTES_LEFT') {
    return (
      <>
        {t('details.endReasons.minutes')}
        <SubscribeLink before=" " strong />
      </>
    );
  }
  return joinErrorText(t, tCommon, error, fallbackStart);
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

/** What a page's join control gets from the rehearsal page. */
export interface JoinControlProps {
  session: Session;
  /** Whether joining is possible now. */
  canJoin: boolean;
  /** A join is under way. */
  joining: boolean;
  /** The last join's error, as a sentence to show (with a link when there is a way out); null when there is none. */
  joinError: ReactNode;
  /** Clears the join error and joins. An error that `handle` does not take (returns false) becomes the join error. */
  join: (password?: string, handle?: (error: unknown) => boolean) => void;
  clearJoinError: () => void;
}

interface RehearsalPageProps {
  kind: SessionKind;
  /** The document title, from the session once it is loaded. */
  title: (session: Session | undefined) => string;
  /** How to get in: a Join button, or the test rehearsal's password form. */
  joinControl: (control: JoinControlProps) => ReactNode;
  /** Shown below the stage (the organizer's tools). */
  children?: (session: Session, me: CurrentUser | null) => ReactNode;
}

/** A rehearsal page at …/:sessionId: the session, live; joining it; the rehearsal manager once in. */
export function RehearsalPage({ kind, title, joinControl, children }: RehearsalPageProps) {
  const { t } = useTranslation(SESSIONS_NS);
  const { t: tCommon } = useTranslation();
  const { sessionId = '' } = useParams();
  const me = useCurrentUser();
  const details = useSessionDetails(sessionId);
  const rehearsal = useRehearsal(kind, sessionId);
  // While joined, going elsewhere in the app asks first (the layout's navigation guard, issue 9).
  useLeaveGuard(rehearsal.snapshot.phase === 'joined', {
    texts: 'leaveRehearsal',
    name: details.data?.name ?? '',
    holdsSearch: false,
    asksOnUnload: false,
    leave: rehearsal.leave,
  });
  useSessionEvents(sessionId, rehearsal.end, rehearsal.snapshot.phase === 'joined');
  useTitle(title(details.data));
  const [joinError, setJoinError] = useState<ReactNode>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const isConnected = useNals((s) => s.isConnected);
  const autoJoined = useRef(false);

  const session = details.data;
  const join = (password?: string, handle?: (error: unknown) => boolean) => {
    setJoinError(null);
    rehearsal.join(password).catch((error: unknown) => {
      if (!handle?.(error)) setJoinError(joinErrorContent(t, tCommon, error, session?.startsAt ?? ''));
    });
  };

  // Arrived by a one-click Join: join as soon as it can be done (a client started after arriving counts), once.
  const canAutoJoin =
    wantsAutoJoin(location.state) &&
    !autoJoined.current &&
    session?.status === 'live' &&
    isConnected &&
    rehearsal.snapshot.phase === 'idle';
  useEffect(() => {
    if (!canAutoJoin) return;
    autoJoined.current = true;
    void navigate(location.pathname, { replace: true, state: null });
    join();
  });

  // A failed refresh (a network blip) keeps what was shown: only a session never loaded is "not found".
  if (details.isError && !session) return <SessionNotFound />;
  if (!session) return <Loader aria-label={tCommon('loading')} />;

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <SessionOverview session={session} myId={me?.id ?? null} />
      <RehearsalStage
        session={session}
        snapshot={rehearsal.snapshot}
        onLeave={() => void rehearsal.leave()}
        joinControl={(canJoin) =>
          joinControl({
            session,
            canJoin,
            joining: rehearsal.snapshot.phase === 'joining',
            joinError,
            join,
            clearJoinError: () => setJoinError(null),
          })
        }
      />
      {children?.(session, me)}
    </Stack>
  );
}
