import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';

const testRehearsalsKey = ['admin', 'test-rehearsals'] as const;

/** GET v1/test-rehearsal: the test rehearsals that have not ended, newest first. */
export const useTestRehearsals = () =>
  useQuery({ queryKey: testRehearsalsKey, queryFn: () => api.call('listTestRehearsals') });

function useTestRehearsalsWrite<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testRehearsalsKey }),
  });
}

/** POST v1/test-rehearsal {name, description?, password}. */
export const useCreateTestRehearsal = () =>
  useTestRehearsalsWrite((body: BodyOf<'createTestRehearsal'>) => api.call('createTestRehearsal', { body }));
/** DELETE v1/test-rehearsal/{id}: ends it and closes its room. */
export const useEndTestRehearsal = () =>
  useTestRehearsalsWrite((id: string) => api.call('deleteTestRehearsal', { params: { id } }));
