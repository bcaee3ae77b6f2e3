import type { JoinedSession, SessionKind } from '@tutti/contract/sessions';
import { api } from '../../../lib/api';

/** POST v2/open-rehearsal/{id}/join, or POST v1/test-rehearsal/{id}/join {password}. */
export function joinSession(kind: SessionKind, id: string, password?: string): Promise<JoinedSession> {
  if (kind === 'test') return api.call('joinTestRehearsal', { params: { id }, body: { password: password ?? '' } });
  return api.call('joinOpenRehearsal', { params: { id } });
}
