import type { Endpoint } from '../../platform/endpoints.ts';
import type { NalsService } from './nals.service.ts';

export function registerNalsRoutes(endpoint: Endpoint, nals: NalsService): void {
  endpoint('listNalsVersions', () => nals.listVersions());
  endpoint('enableNalsVersion', ({ params }) => nals.enableVersion(params.id));
  endpoint('getNalsDownload', ({ query }) => nals.downloadAddress(query.os, query.target), { errors: [404] });
  endpoint('appDownloaded', ({ auth }) => nals.appDownloaded(auth));
}
