import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
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
}

// PROVISIONAL until places merges.
const DELAY = { kmPerMs: 204, routeFactor: 1.5, accessMs: 1, limitMs: 25 };
const cities: CityLookup = {
  byIds: async () => new Map(),
  delayMs: () => 0,
};

export function registerCommunity(endpoint: Endpoint, deps: CommunityModuleDeps) {
  const repo = createCommunityRepository(deps.db, deps.cache);
  const finder = createCommunityFinder(deps.db, DELAY);
  const pictureUrl = (key: string) => deps.storage.publicUrl(key);
  const community = createCommunityService({ repo, finder, cities, pubsub: deps.pubsub, pictureUrl, now: deps.now });
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
