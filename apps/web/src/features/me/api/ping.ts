import { api } from '../../../lib/api';

export const pingMutationKey = ['me', 'ping'] as const;
/** Spec section 9: the online ping runs every 60000 ms while signed in. */
export const PING_INTERVAL_MS = 60_000;

/** POST v1/me/ping: marks the user online for two minutes. */
export function pingOnline(): Promise<void> {
  return api.call('ping');
}
