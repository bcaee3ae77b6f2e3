import type { NalsOs, NalsVersion } from '@tutti/contract/nals';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { notFound } from '../../platform/errors.ts';
import { downloadOf, newestFirst, resolveDownload } from './nals.policy.ts';
import { presentNalsVersion } from './nals.presenter.ts';
import type { NalsRepository } from './nals.repository.ts';

export function createNalsService(deps: {
  repo: NalsRepository;
  downloadBaseUrl: string;
  /** NALS_REF_VERSION: the reference version while no release is enabled. */
  fallbackRefVersion: string;
  now: () => Date;
}) {
  const { repo, downloadBaseUrl } = deps;
  return {
    /** v1/config's nalsRefVersion: the enabled release. */
    async refVersion(): Promise<string> {
      return (await repo.enabledVersion())?.version ?? deps.fallbackRefVersion;
    },

    listVersions: async (): Promise<NalsVersion[]> =>
      newestFirst(await repo.listVersions()).map((row) => presentNalsVersion(row, downloadBaseUrl)),

    async enableVersion(id: string): Promise<NalsVersion> {
      const row = await repo.enableVersion(id);
      if (!row) throw notFound('No such audio client version.');
      return presentNalsVersion(row, downloadBaseUrl);
    },

    async downloadAddress(os: NalsOs, target: string | undefined): Promise<string> {
      const row = target ? await repo.findVersion(target) : await repo.enabledVersion();
      if (!row) throw notFound(target ? `No audio client version ${target}.` : 'No audio client version is enabled.');
      return resolveDownload(downloadOf(row, os), downloadBaseUrl);
    },

    appDownloaded: (session: AuthContext) => repo.markAppDownloaded(session.accountId, deps.now()),
  };
}

export type NalsService = ReturnType<typeof createNalsService>;
