import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/**
 * A/B tests (issue 14, point 2; docs/decisions/0038-ab-tests.md): a test has a key, two or more weighted variants and
 * a status. The server assigns each account a variant from its id and the test's key with the GrowthBook SDK's
 * hashing (version 2), so an account gets the same variant on every device and every instance.
 */

/** Lower-case letters, digits and dashes: test and variant keys appear in URLs, metrics labels and the web's code. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
const keySchema = (min: number) =>
  text({ error: 'required' })
    .trim()
    .min(min, code('required'))
    .max(60, code('too_long'))
    .regex(KEY_PATTERN, code('invalid_characters'));
const KeySchema = keySchema(2);

export const AB_TEST_STATUSES = ['running', 'stopped'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];
export const MAX_VARIANTS = 10;
/** Weights are relative whole numbers (50/50, 1/1/2...); the server turns them into shares of 1. */
export const MAX_WEIGHT = 10_000;

export const VariantInputSchema = z.object({
  key: keySchema(1),
  weight: z.number(code('required')).int(code('invalid')).min(1, code('invalid')).max(MAX_WEIGHT, code('invalid')),
});

export const AbTestBodySchema = z
  .object({
    key: KeySchema,
    variants: z
      .array(VariantInputSchema, code('required'))
      .min(2, code('invalid'))
      .max(MAX_VARIANTS, code('too_many'))
      .refine((variants) => new Set(variants.map((v) => v.key)).size === variants.length, code('duplicate')),
    status: z.enum(AB_TEST_STATUSES, code('invalid')).default('running'),
  })
  .meta({ id: 'AbTestBody' });
export type AbTestBody = z.input<typeof AbTestBodySchema>;

export const VariantStatsSchema = z.object({
  key: z.string(),
  weight: z.number().int(),
  /** Accounts the server assigned this variant (they asked for their variants). */
  assignments: z.number().int(),
  /** Accounts that were shown this variant (the web reported it). */
  exposures: z.number().int(),
});

export const SrmSchema = z.object({
  /** Pearson's chi-square of the exposures per variant against the weights. */
  chiSquare: z.number(),
  /** Its p-value (k - 1 degrees of freedom); null without exposures. */
  pValue: z.number().nullable(),
  /** p < SRM_THRESHOLD: the split is broken (a sample ratio mismatch), the test's results cannot be trusted. */
  mismatch: z.boolean(),
});
/** The p-value under which a split is flagged. */
export const SRM_THRESHOLD = 0.001;

export const AbTestSchema = z
  .object({
    id: z.uuid(),
    key: z.string(),
    status: z.enum(AB_TEST_STATUSES),
    createdAt: z.string(),
    variants: z.array(VariantStatsSchema),
    srm: SrmSchema,
  })
  .meta({ id: 'AbTest' });
export type AbTest = z.infer<typeof AbTestSchema>;

/** One running test's variant for the current musician. */
export const ExperimentAssignmentSchema = z.object({ test: z.string(), variant: z.string() });
export type ExperimentAssignment = z.infer<typeof ExperimentAssignmentSchema>;
export const MyExperimentsSchema = z
  .object({ experiments: z.array(ExperimentAssignmentSchema) })
  .meta({ id: 'MyExperiments' });
export type MyExperiments = z.infer<typeof MyExperimentsSchema>;

export const ExposureBodySchema = z.object({ test: KeySchema });
export type ExposureBody = z.infer<typeof ExposureBodySchema>;

/** The one experiment the web runs now: the onboarding's order of steps two and three. */
export const ONBOARDING_ORDER_TEST = 'onboarding-step-order';
export const ONBOARDING_ORDER_VARIANTS = ['selfcheck-first', 'profile-first'] as const;

const admin = { access: 'admin', authz: AUTHZ.admins, tag: 'administration' } as const;
const me = { access: 'user', authz: AUTHZ.signedIn, tag: 'me' } as const;

export const experimentEndpoints = {
  listAbTests: def({
    ...admin,
    method: 'GET',
    path: 'v1/ab-tests',
    summary: 'A/B tests with their assignments and exposures per variant and a sample ratio mismatch check',
    response: z.array(AbTestSchema),
  }),
  createAbTest: def({
    ...admin,
    method: 'POST',
    path: 'v1/ab-tests',
    summary: 'Create an A/B test (409 AB_TEST_EXISTS when the key is taken)',
    body: AbTestBodySchema,
    response: AbTestSchema,
    status: 201,
  }),
  deleteAbTest: def({
    ...admin,
    method: 'DELETE',
    path: 'v1/ab-tests/{id}',
    summary: 'Delete an A/B test with its assignments and exposures',
    params: IdParamsSchema,
    response: null,
  }),
  myExperiments: def({
    ...me,
    method: 'GET',
    path: 'v1/me/experiments',
    summary: "The current musician's variant in each running A/B test",
    response: MyExperimentsSchema,
  }),
  recordExposure: def({
    ...me,
    method: 'POST',
    path: 'v1/me/experiments/exposures',
    summary: 'Record that the current musician was shown their variant of a running test (404 when none runs)',
    body: ExposureBodySchema,
    response: null,
  }),
} as const;
