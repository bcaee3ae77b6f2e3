import type { Endpoint } from '../../platform/endpoints.ts';
import type { SessionsService } from './sessions.service.ts';

export function registerSessionsRoutes(endpoint: Endpoint, sessions: SessionsService): void {
  endpoint('startSelfcheck', ({ auth }) => sessions.startSelfcheck(auth), { errors: [503] });
  endpoint('closeSelfcheck', async ({ auth, params }) => sessions.closeSelfcheck(auth, params.id));
}
