import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET v1/system: the server's time, and for an administrator its version, start and engines. */
export const useSystem = () =>
  useQuery({ queryKey: ['admin', 'system'], queryFn: () => api.call('getSystem', { withSession: true }) });
