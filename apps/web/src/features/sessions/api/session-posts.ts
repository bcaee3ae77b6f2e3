import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** GET v1/session-posts: the hall's feed of public session activity, newest first. */
export function useSessionPosts() {
  return useQuery({ queryKey: sessionKeys.posts, queryFn: () => api.call('listSessionPosts', { query: { p: 1 } }) });
}
