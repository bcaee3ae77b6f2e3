import { Anchor, Badge, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { busTopics } from '@tutti/contract/bus-topics';
import { loadBusSchemas } from '../../lib/bus-schemas';
import { showToast } from '../../components/ui/toast-host';
import { useBusTopic } from '../../lib/use-bus';
import { useMySessions } from './api/list-my-sessions';
import { sessionKeys } from './api/query-keys';
import { AUTO_JOIN_STATE } from './auto-join';
import { sessionPath } from './components/session-card';
import { SESSIONS_NS } from './translations';

/**
 * Invitations reach a musician on any signed-in page (mounted once by the layout): a new one refreshes the session
 * lists and says so in a toast, with the way to it (straight in when it is live). The same topic says when a private
 * session of mine changes (players, state): the lists refresh, silently.
 */
export function InvitationNotices({ userId }: { userId: string }) {
  const { t } = useTranslation(SESSIONS_NS);
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.live });
  };
  useBusTopic(
    busTopics.invitations(userId),
    (data) => {
      refresh();
      // The topic also says when a session of mine changed: only a new invitation is announced.
      void loadBusSchemas().then(({ InvitationEventSchema }) => {
        const parsed = InvitationEventSchema.safeParse(data);
        if (!parsed.success) return;
        const { session, invitedBy } = parsed.data;
        const live = session.status === 'live' && session.kind === 'open';
        showToast({
          message: t('hall.invitedToast', { name: invitedBy.displayedUsername, session: session.name }),
          action: (
            <Anchor component={Link} to={sessionPath(session)} state={live ? AUTO_JOIN_STATE : undefined} size="sm">
              {live ? t('common.join') : t('hall.seeInvitation')}
            </Anchor>
          ),
        });
      });
    },
    refresh,
  );
  return null;
}

/** The header's count of pending invitations (live or scheduled), next to Sessions; nothing when there is none. */
export function InvitationsBadge() {
  const { t } = useTranslation(SESSIONS_NS);
  const count = useMySessions().data?.invited.total ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" circle color="red.9" ml={6} aria-hidden data-testid="invitations-badge">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{t('hall.pendingInvitations', { count })}</VisuallyHidden>
    </>
  );
}
