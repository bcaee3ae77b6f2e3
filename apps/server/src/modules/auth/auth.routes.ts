import { readAgent } from '../../platform/agent.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(endpoint: Endpoint, auth: AuthService): void {
  endpoint(
    'signIn',
    ({ body, request }) =>
      auth.signIn({ ...body, agent: readAgent(request), userAgent: request.headers['user-agent'] ?? '' }),
    { rateLimited: true },
  );
  endpoint('refresh', ({ body }) => auth.refresh(body.refreshToken));
  endpoint('signOut', ({ auth: session }) => auth.signOut(session));
  endpoint('listDevices', ({ auth: session }) => auth.listDevices(session));
  endpoint('deleteDevice', ({ auth: session, params }) => auth.deleteDevice(session, params.id));
}
