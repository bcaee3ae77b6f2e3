import { DEFAULT_DELAY_MODEL, estimateOneWayDelayMs } from '@tutti/contract/places';
import { inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import { cities } from '../../platform/schema.ts';
import { presentCity } from '../places/places.service.ts';
import type { PubSub } from '../../platform/pubsub.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createCommunityFinder } from './community.finder.ts';
import { createCommunityPictures } from './community.pictures.ts';
import type { CityLookup } from './community.presenter.ts';
import { createCommunityRepository } from './community.repository.ts';
import { registerCommunityRoutes } from './community.routes.ts';
import { createCommunityService } from './community.service.ts';

export interface CommunityModuleDeps {
  db: Db;
  pubsub: PubSub;
  storage: Storage;
  cache: SessionCache;
  log: { warn(obj: object, msg: string): void };
  config: AppConfig;
  now: () => Date;
  /** A block or an unblock between two musicians (private messages close or reopen their conversation). */
  onBlockChange?: (a: string, b: string) => Promise<void>;
}

/** Cities as the community reads them, from the places table: named in the reader's language (places' own rule). */
function cityLookup(db: Db): CityLookup {
  return {
    async byIds(ids, locale) {
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(cities).where(inArray(cities.id, ids));
      return new Map(rows.map((row) => [row.id, presentCity(row, locale)]));
    },
    delayMs: (a, b) => Math.round(estimateOneWayDelayMs(a, b)),
  };
}

export function registerCommunity(endpoint: Endpoint, deps: CommunityModuleDeps) {
  const repo = createCommunityRepository(deps.db, deps.cache);
  const finder = createCommunityFinder(deps.db, {
    kmPerMs: DEFAULT_DELAY_MODEL.kmPerMs,
    routeFactor: DEFAULT_DELAY_MODEL.routeFactor,
    accessMs: 2 * DEFAULT_DELAY_MODEL.accessAllowanceMsPerEnd,
    limitMs: deps.config.places.realtimeDelayLimitMs,
  });
  const pictureUrl = (key: string) => deps.storage.publicUrl(key);
  const community = createCommunityService({
    repo,
    finder,
    cities: cityLookup(deps.db),
    pubsub: deps.pubsub,
    ...(deps.onBlockChange && { onBlockChange: deps.onBlockChange }),
    pictureUrl,
    now: deps.now,
  });
  const pictures = createCommunityPictures({
    repo,
    storage: deps.storage,
    log: deps.log,
    isSocial: finder.isSocial,
    now: deps.now,
  });
  registerCommunityRoutes(endpoint, community, pictures);
  return community;
}
