import { useQuery } from '@tanstack/react-query';
import type { ConnectionType } from '@tutti/contract/community';
import { api } from './api';
import { useCurrentUser } from './session';
import { profileKey } from './shared-query-keys';

/**
 * The signed-in musician's connection type, read from their own profile (GET v2/profiles/{id}): null when the profile
 * does not tell it, undefined while it is not known (loading, failed, signed out). A musician under the social age has
 * no profile: it is not asked for (the server would answer 403, which signs the web out).
 */
export function useOwnConnectionType(): ConnectionType | null | undefined {
  const user = useCurrentUser();
  const enabled = user?.eligibleToSocial === true;
  const profile = useQuery({
    queryKey: profileKey(user?.username ?? ''),
    queryFn: () => api.call('getProfile', { params: { id: user?.id ?? '' } }),
    enabled,
  });
  return enabled ? profile.data?.connectionType : undefined;
}
