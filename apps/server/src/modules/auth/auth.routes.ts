import { readAgent } from '../../platform/agent.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(endpoint: Endpoint, auth: AuthService): void {
  endpoint(
    'signIn',
    ({ body, request }) =>
      auth.signIn({ ...body, agent: readAgent(request), userAgent: request.headers['user-agent'] ?? '' }),
    // Per address, and per email (known or not: the same answer either way) for wrong passwords.
    { rateLimited: true, passwordOf: ({ body }) => body.email.trim().toLowerCase() },
  );
  endpoint('refresh', ({ body }) => auth.refresh(body.refreshToken));
  endpoint('signOut', ({ auth: session }) => auth.signOut(session));
  endpoint('listDevices', ({ auth: session }) => auth.listDevices(session));
  endpoint('deleteDevice', ({ auth: session, params }) => auth.deleteDevice(session, params.id));
}
