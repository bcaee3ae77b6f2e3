import type { FastifyRequest } from 'fastify';
import type { Guard } from '../../platform/auth-guard.ts';
import { REPLIED, type Endpoint } from '../../platform/endpoints.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../platform/outage.ts';
import type { ReferenceService } from './reference.service.ts';

export const HEALTHY_TEXT = 'OK';
export const UNHEALTHY_TEXT = 'Database unavailable';

export function registerReferenceRoutes(endpoint: Endpoint, reference: ReferenceService, guard: Guard): void {
  /** A public endpoint that says more to an administrator: any token that is not an administrator's (absent,
   *  expired, another role) gets the public answer, never an error. */
  const isAdmin = async (request: FastifyRequest): Promise<boolean> => {
    if (request.headers.authorization === undefined) return false;
    return guard.authenticate(request, 'admin').then(
      () => true,
      () => false,
    );
  };

  endpoint(
    'health',
    async ({ reply }) => {
      if (await reference.healthy()) return HEALTHY_TEXT;
      // Still text, as the endpoint promises, but a 503 so probes and the status dot see the failure.
      await reply
        .code(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .type('text/plain; charset=utf-8')
        .send(UNHEALTHY_TEXT);
      return REPLIED;
    },
    { errors: [503] },
  );
  endpoint('getConfig', async () => reference.config());
  endpoint('getSystem', async ({ request }) => reference.system(await isAdmin(request)));
  endpoint('listCountries', () => reference.countries());
  endpoint('listSocialNetworks', () => reference.socialNetworks());
  endpoint('listMusicStyles', () => reference.musicStyles());
  endpoint('listMusicSkills', () => reference.musicSkills());
  endpoint('listPrivileges', () => reference.privileges());
}
