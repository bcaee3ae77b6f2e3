import { REPLIED, type Endpoint } from '../../platform/endpoints.ts';
import type { ReferenceService } from './reference.service.ts';

export const HEALTHY_TEXT = 'OK';
export const UNHEALTHY_TEXT = 'Database unavailable';

export function registerReferenceRoutes(endpoint: Endpoint, reference: ReferenceService): void {
  endpoint(
    'health',
    async ({ reply }) => {
      if (await reference.healthy()) return HEALTHY_TEXT;
      // Still text, as the endpoint promises, but a 503 so probes and the status dot see the failure.
      await reply.code(503).type('text/plain; charset=utf-8').send(UNHEALTHY_TEXT);
      return REPLIED;
    },
    { errors: [503] },
  );
  endpoint('getConfig', async () => reference.config());
  endpoint('getSystem', async () => reference.system());
  endpoint('listCountries', () => reference.countries());
  endpoint('listSocialNetworks', () => reference.socialNetworks());
  endpoint('listMusicStyles', () => reference.musicStyles());
  endpoint('listMusicSkills', () => reference.musicSkills());
  endpoint('listPrivileges', () => reference.privileges());
}
