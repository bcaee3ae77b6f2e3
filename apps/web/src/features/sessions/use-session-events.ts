import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { busTopics } from '@tutti/contract/bus-topics';
import type { Session } from '@tutti/contract/sessions';
import { showToast } from '../../components/ui/toast-host';
import { useCurrentUser } from '../../lib/session';
import { useBusEvent } from '../../lib/use-bus';
import { sessionKeys } from './api/query-keys';
import { chimeFor, playChime, unlockChimeOnGesture, useChimeOn } from './chime';
import type { RehearsalEnd } from './rehearsal-controller';
import { SESSIONS_NS } from './translations';

/**
 * A session page's live view: every event replaces the cached session; joins and leaves of others are announced
 * (and, while I am in the room, chimed unless I turned that off); my own drop (timeout, minutes) or the session's end
 * stops my stay here too.
 */
export function useSessionEvents(
  sessionId: string,
  onMyEnd: (reason: Exclude<RehearsalEnd, 'left'>) => void,
  inRoom = false,
) {
  const { t } = useTranslation(SESSIONS_NS);
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const chimeOn = useChimeOn();
  // Sound needs a gesture first: the page's own clicks (Join among them) open it, only while the chime may play.
  useEffect(() => (chimeOn ? unlockChimeOnGesture() : undefined), [chimeOn]);

  useBusEvent(
    busTopics.session(sessionId),
    'SessionEventSchema',
    (event) => {
      // A public session's events reach anyone watching, so they carry no invitations (and none is ever withdrawn):
      // keep the ones this page was shown rather than blank the organizer's and the invited's list.
      queryClient.setQueryData<Session>(sessionKeys.details(sessionId), (cached) =>
        cached && event.session.invited.length === 0 ? { ...event.session, invited: cached.invited } : event.session,
      );
      const chime = chimeFor(event, me?.id ?? null, inRoom, chimeOn);
      if (chime) playChime(chime);
      if (event.event === 'joined' && event.musician.id !== me?.id) {
        showToast({ message: t('details.joined', { name: event.musician.displayedUsername }), color: 'teal' });
      } else if (event.event === 'left') {
        // My own leave: from this page it is already done (no-op); from elsewhere, this page is out of the room too.
        if (event.musician.id === me?.id) onMyEnd(event.reason === 'minutes' ? 'minutes' : 'disconnected');
        else {
          showToast({ message: t('details.left', { name: event.musician.displayedUsername }) });
        }
      } else if (event.event === 'ended') {
        onMyEnd('ended');
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: sessionKeys.details(sessionId) }),
  );
}
