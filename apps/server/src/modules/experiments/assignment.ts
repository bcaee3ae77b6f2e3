import { GrowthBookClient } from '@growthbook/growthbook';
import type { StoredVariant } from './experiments.schema.ts';

/**
 * Which variant of a test an account gets: GrowthBook's own experiment evaluation (its FNV-based hash, version 2,
 * seeded with the test's key, over the account id), not a hand-written hash. Deterministic: the same account and key
 * give the same variant on every device, instance and restart. One client, no network: inline experiments only.
 */
const client = new GrowthBookClient({});

export const HASH_VERSION = 2;

export function assignVariant(accountId: string, testKey: string, variants: readonly StoredVariant[]): string {
  const [first, second, ...rest] = variants.map((v) => v.key);
  // A test has two variants at least (the contract checks it); a stored one without them has no split to make.
  if (first === undefined || second === undefined) return first ?? '';
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  const result = client.runInlineExperiment(
    {
      key: testKey,
      variations: [first, second, ...rest],
      weights: variants.map((v) => v.weight / total),
      hashVersion: HASH_VERSION,
      // Every account takes part: no coverage cut, no sticky bucketing.
      coverage: 1,
    },
    { attributes: { id: accountId } },
  );
  // Out of the experiment only without an id, which an account always has; the first variant is the control.
  return result.inExperiment ? result.value : first;
}
