import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import { busTopics } from '@tutti/contract/bus-topics';
import { api } from '../../lib/api';
import { useBusTopic } from '../../lib/use-bus';
import { sessionKeys } from '../sessions/api/query-keys';
import { communityKeys } from './api/query-keys';

/**
 * Who blocked me (SPEC section 4, blocked-by list): loaded at sign-in, reloaded when `/blocked/{me}` says it changed.
 * The server already leaves them out of every answer; the web uses the list to hide them at once from what a page
 * already shows (a search result, a suggestion, a musician in a session), without waiting for a reload.
 */
const blockedByStore = createStore<{ ids: ReadonlySet<string> }>(() => ({ ids: new Set() }));

export function setBlockedBy(ids: Iterable<string>): void {
  blockedByStore.setState({ ids: new Set(ids) });
}

/** The ids of the musicians who blocked me. */
export function useBlockedBy(): ReadonlySet<string> {
  return useStore(blockedByStore, (s) => s.ids);
}

/** `list` without the musicians who blocked me (`idOf` reads a musician's account id from an entry). */
export function useWithoutBlockers<T>(list: readonly T[] | undefined, idOf: (entry: T) => string): T[] {
  const ids = useBlockedBy();
  return (list ?? []).filter((entry) => !ids.has(idOf(entry)));
}

/**
 * Mounted while a musician of the social age is signed in: keeps the list, and on a change reloads every community
 * and session list, since a block both ways changes what each of them may show.
 */
export function BlockedByRuntime({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: communityKeys.blockedBy,
    queryFn: () => api.call('listBlocked', { query: { reverse: 'true' } }),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (data) setBlockedBy(data.blockedBy ?? []);
  }, [data]);
  useEffect(() => () => setBlockedBy([]), [userId]);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
  useBusTopic(busTopics.blocked(userId), reload, reload);
  return null;
}
