import type { KeepaliveResponse } from '@tutti/contract/sessions';
import { api } from '../../../lib/api';

/** POST v1/sessions/{id}/keepalive: 402 NO_MINUTES_LEFT or 409 NOT_IN_SESSION end my part in it. */
export function sendKeepalive(id: string): Promise<KeepaliveResponse> {
  return api.call('keepalive', { params: { id } });
}
