import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { busTopics, InvitationEventSchema } from '@tutti/contract/bus';
import { showToast } from '../../components/ui/toast-host';
import { useBusTopic } from '../../lib/use-bus';
import { sessionKeys } from './api/query-keys';
import { sessionPath } from './components/session-card';
import { SESSIONS_NS } from './translations';

/**
 * Keeps the lobby live: public sessions appearing, changing or ending refresh the lists and the feed; a new
 * invitation refreshes mine and says so, with a link to the session.
 */
export function useHallEvents(userId: string | null) {
  const { t } = useTranslation(SESSIONS_NS);
  const queryClient = useQueryClient();
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  useBusTopic(busTopics.hallSessions(), refreshAll, refreshAll);

  useBusTopic(
    userId ? busTopics.invitations(userId) : null,
    (data) => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.live });
      const parsed = InvitationEventSchema.safeParse(data);
      if (!parsed.success) return;
      const { session, invitedBy } = parsed.data;
      showToast({
        message: t('hall.invitedToast', { name: invitedBy.displayedUsername, session: session.name }),
        action: (
          <Anchor component={Link} to={sessionPath(session)} size="sm">
            {t('hall.seeInvitation')}
          </Anchor>
        ),
      });
    },
    () => void queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  );
}
