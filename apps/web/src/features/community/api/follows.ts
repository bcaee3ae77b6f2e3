import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { communityKeys } from './query-keys';

/** Follow or stop following a musician; every community list (counts, cards, suggestions) is reloaded after. */
export function useFollowToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'follow'],
    mutationFn: ({ id, follow }: { id: string; follow: boolean }) =>
      follow ? api.call('follow', { params: { id } }) : api.call('unfollow', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
