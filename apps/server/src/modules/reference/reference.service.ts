import type {
  Config,
  Country,
  MusicSkill,
  MusicStyle,
  Privilege,
  SocialNetwork,
  System,
} from '@tutti/contract/reference';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import {
  presentConfig,
  presentCountry,
  presentMusicSkill,
  presentMusicStyle,
  presentPrivilege,
  presentSocialNetwork,
} from './reference.presenter.ts';
import type { ReferenceRepository } from './reference.repository.ts';

export function createReferenceService(deps: {
  repo: ReferenceRepository;
  database: Pick<Database, 'kind' | 'ping'>;
  config: AppConfig;
  version: string;
  startedAt: Date;
  now: () => Date;
  /** Where browsers reach the broker (the embedded one's port is known once it listens). */
  queueHost: () => string;
  /** The enabled audio client release. */
  nalsRefVersion: () => Promise<string>;
}) {
  const { repo, config } = deps;
  return {
    /** True when the database answers: the footer's status dot and load balancers rely on it. */
    async healthy(): Promise<boolean> {
      try {
        await deps.database.ping();
        return true;
      } catch {
        return false;
      }
    },
    config: async (): Promise<Config> =>
      presentConfig(config, { queueHost: deps.queueHost(), nalsRefVersion: await deps.nalsRefVersion() }),
    /** The clock for anyone; the internals for an administrator only. */
    system: (forAdmin: boolean): System => ({
      serverTime: deps.now().toISOString(),
      ...(forAdmin && {
        version: deps.version,
        startedAt: deps.startedAt.toISOString(),
        database: deps.database.kind,
        bus: deps.config.redisUrl ? ('redis' as const) : ('memory' as const),
      }),
    }),
    countries: async (): Promise<Country[]> => (await repo.countries()).map(presentCountry),
    socialNetworks: async (): Promise<SocialNetwork[]> => (await repo.socialNetworks()).map(presentSocialNetwork),
    musicStyles: async (): Promise<MusicStyle[]> => (await repo.musicStyles()).map(presentMusicStyle),
    musicSkills: async (): Promise<MusicSkill[]> => (await repo.musicSkills()).map(presentMusicSkill),
    privileges: async (): Promise<Privilege[]> => (await repo.privileges()).map(presentPrivilege),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
