import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import { createExperimentsRepository } from './experiments.repository.ts';
import { createExperimentsService, type ExperimentsService } from './experiments.service.ts';

/** A/B tests: the administration's list, create and delete, and the musician's own variants and exposures. */
export function registerExperiments(endpoint: Endpoint, deps: { db: Db; now: () => Date }): ExperimentsService {
  const experiments = createExperimentsService({ ...deps, repo: createExperimentsRepository(deps.db) });
  endpoint('listAbTests', () => experiments.list());
  endpoint('createAbTest', ({ auth, body }) => experiments.create(auth.accountId, body), { errors: [409] });
  endpoint('deleteAbTest', ({ auth, params }) => experiments.remove(auth.accountId, params.id));
  endpoint('myExperiments', ({ auth }) => experiments.mine(auth.accountId));
  endpoint('recordExposure', ({ auth, body }) => experiments.expose(auth.accountId, body.test));
  return experiments;
}
