import type { SessionKind } from '@tutti/contract/sessions';
import { routes } from 'virtual:tutti-contract-routes';
import { api } from '../../../lib/api';
import { fillPath } from '../../../lib/api-client';
import { getRuntimeConfig } from '../../../lib/runtime-config';

/** POST v1/open-rehearsal/{id}/quit or v1/test-rehearsal/{id}/quit, authenticated (leaving within the app). */
export function quitSession(kind: SessionKind, id: string): Promise<void> {
  if (kind === 'test') return api.call('quitTestRehearsal', { params: { id }, body: {} });
  return api.call('quitOpenRehearsal', { params: { id }, body: {} });
}

/** The quit path the beacon posts to, under the API base of the runtime config. */
export function quitUrl(kind: SessionKind, id: string): string {
  const def = kind === 'test' ? routes.quitTestRehearsal : routes.quitOpenRehearsal;
  return `${getRuntimeConfig().apiUrl}${fillPath(def.path, { id })}`;
}

/**
 * The tab is closing: a beacon is the one request the browser still sends. It carries no Authorization header, so
 * the join's leaveToken authenticates it; text/plain keeps it a "simple" request (no preflight), and the server
 * accepts this form only with a valid leaveToken, so a cross-site page cannot make anyone quit.
 */
export function sendQuitBeacon(kind: SessionKind, id: string, leaveToken: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ leaveToken })], { type: 'text/plain' });
  return navigator.sendBeacon(quitUrl(kind, id), body);
}
