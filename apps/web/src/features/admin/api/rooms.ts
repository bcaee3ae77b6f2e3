import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';

/** Regions and room servers (the calls of SPEC section 7 that existed before their screen): one key, so a change to
 *  a region or a server reads both lists again. */
export const roomsKeys = {
  all: ['admin', 'rooms'] as const,
  regions: ['admin', 'rooms', 'regions'] as const,
  servers: ['admin', 'rooms', 'servers'] as const,
  providers: ['admin', 'rooms', 'providers'] as const,
};

export const useRegions = () => useQuery({ queryKey: roomsKeys.regions, queryFn: () => api.call('listRegions') });
export const useServers = () => useQuery({ queryKey: roomsKeys.servers, queryFn: () => api.call('listServers') });
export const useProviders = () =>
  useQuery({ queryKey: roomsKeys.providers, queryFn: () => api.call('listProviders'), staleTime: Infinity });

function useRoomsWrite<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsKeys.all }),
  });
}

export const useCreateRegion = () =>
  useRoomsWrite((body: BodyOf<'createRegion'>) => api.call('createRegion', { body }));
export const useDeleteRegion = () => useRoomsWrite((id: string) => api.call('deleteRegion', { params: { id } }));
export const useCreateServer = () =>
  useRoomsWrite((body: BodyOf<'createServer'>) => api.call('createServer', { body }));
export const useServerState = () =>
  useRoomsWrite(({ id, start }: { id: string; start: boolean }) =>
    api.call(start ? 'startServer' : 'pauseServer', { params: { id } }),
  );
export const useDeleteServer = () => useRoomsWrite((id: string) => api.call('deleteServer', { params: { id } }));
/** Asks the room server itself; the list is read again for its last health. */
export const useHealthcheck = () => useRoomsWrite((id: string) => api.call('serverHealthcheck', { params: { id } }));
