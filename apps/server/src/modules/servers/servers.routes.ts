import type { Endpoint } from '../../platform/endpoints.ts';
import type { ServersService } from './servers.service.ts';

/** Regions, providers and room servers: administrators only (access 'admin' in the contract). */
export function registerServersRoutes(endpoint: Endpoint, servers: ServersService): void {
  endpoint('listProviders', () => servers.listProviders());
  endpoint('listRegions', () => servers.listRegions());
  endpoint('createRegion', ({ body }) => servers.createRegion(body), { errors: [409] });
  endpoint('deleteRegion', ({ params }) => servers.deleteRegion(params.id), { errors: [409] });
  endpoint('listServers', () => servers.listServers());
  endpoint('createServer', ({ body }) => servers.createServer(body), { errors: [409] });
  endpoint('startServer', ({ params }) => servers.startServer(params.id));
  endpoint('pauseServer', ({ params }) => servers.pauseServer(params.id));
  endpoint('serverHealthcheck', ({ params }) => servers.healthcheck(params.id));
  endpoint('deleteServer', ({ params }) => servers.deleteServer(params.id), { errors: [409] });
}
