import { useQueryClient } from '@tanstack/react-query';
import { busTopics } from '@tutti/contract/bus-topics';
import { useBusTopic } from '../../lib/use-bus';
import { sessionKeys } from './api/query-keys';

/**
 * Keeps the lobby live: public sessions appearing, changing or ending refresh the lists and the feed (invitations
 * reach every page through InvitationNotices).
 */
export function useHallEvents() {
  const queryClient = useQueryClient();
  const refreshAll = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  useBusTopic(busTopics.hallSessions(), refreshAll, refreshAll);
}
