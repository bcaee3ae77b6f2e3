import type { AbTest, AbTestBody, ExperimentAssignment, MyExperiments } from '@tutti/contract/experiments';
import { AbTestBodySchema } from '@tutti/contract/experiments';
import { Counter } from 'prom-client';
import { record } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { assignVariant } from './assignment.ts';
import type { ExperimentsRepository, VariantCounts } from './experiments.repository.ts';
import type { AbTestRow } from './experiments.schema.ts';
import { sampleRatioMismatch } from './srm.ts';

/** First exposures per test and variant, process-wide like the other counters (platform/metrics.ts serves it). */
export const experimentExposures = new Counter({
  name: 'tutti_experiment_exposures_total',
  help: 'A/B test variants first shown to a musician, by test and variant',
  labelNames: ['test', 'variant'] as const,
  registers: [],
});

export interface ExperimentsDeps {
  db: Db;
  repo: ExperimentsRepository;
  now: () => Date;
}

export function createExperimentsService({ db, repo, now }: ExperimentsDeps) {
  const present = (test: AbTestRow, counts: VariantCounts[]): AbTest => {
    const variants = test.variants.map((v) => {
      const c = counts.find((row) => row.testId === test.id && row.variant === v.key);
      return { key: v.key, weight: v.weight, assignments: c?.assignments ?? 0, exposures: c?.exposures ?? 0 };
    });
    const srm = sampleRatioMismatch(
      variants.map((v) => v.exposures),
      variants.map((v) => v.weight),
    );
    return { id: test.id, key: test.key, status: test.status, createdAt: test.createdAt.toISOString(), variants, srm };
  };

  /** The account's variant in every running test: computed, so the same everywhere. */
  const variantsOf = async (accountId: string): Promise<(ExperimentAssignment & { testId: string })[]> =>
    (await repo.running()).map((test) => ({
      testId: test.id,
      test: test.key,
      variant: assignVariant(accountId, test.key, test.variants),
    }));

  return {
    async list(): Promise<AbTest[]> {
      const [tests, counts] = await Promise.all([repo.list(), repo.counts()]);
      return tests.map((t) => present(t, counts));
    },

    async create(actorId: string, body: AbTestBody): Promise<AbTest> {
      const input = AbTestBodySchema.parse(body);
      const created = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, { ...input, at: now() });
        if (!row) throw new AppError(409, 'AB_TEST_EXISTS', `An A/B test with the key ${input.key} exists already`);
        await record(tx, {
          actorId,
          action: 'abTest.create',
          details: { test: row.key, variants: row.variants, status: row.status },
          at: row.createdAt,
        });
        return row;
      });
      return present(created, []);
    },

    async remove(actorId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.remove(tx, id);
        if (!row) throw notFound('No such A/B test');
        await record(tx, { actorId, action: 'abTest.delete', details: { test: row.key }, at: now() });
      });
    },

    async mine(accountId: string): Promise<MyExperiments> {
      const given = await variantsOf(accountId);
      await repo.assign(accountId, given, now());
      return { experiments: given.map(({ test, variant }) => ({ test, variant })) };
    },

    async expose(accountId: string, testKey: string): Promise<void> {
      const test = await repo.findByKey(testKey);
      if (!test || test.status !== 'running') throw notFound('No such running A/B test');
      const variant = assignVariant(accountId, test.key, test.variants);
      if (await repo.expose(test.id, accountId, variant, now())) {
        experimentExposures.inc({ test: test.key, variant });
      }
    },

    /** For the administration's segments: the account's variant in each running test. */
    async assignmentsOf(accountId: string): Promise<ExperimentAssignment[]> {
      return (await variantsOf(accountId)).map(({ test, variant }) => ({ test, variant }));
    },
  };
}

export type ExperimentsService = ReturnType<typeof createExperimentsService>;
