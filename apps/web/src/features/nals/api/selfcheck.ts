import { api } from '../../../lib/api';
import type { EchoRoom } from '../selfcheck';

/** POST v1/selfcheck/start: the server opens an echo room and says where it is. */
export function startSelfcheck(): Promise<EchoRoom> {
  return api.call('startSelfcheck');
}

/** POST v1/selfcheck/{id}/close: closes that self-check's echo room. */
export function closeSelfcheck(id: string): Promise<void> {
  return api.call('closeSelfcheck', { params: { id } });
}
