import { z } from 'zod';
import { DeviceSchema, PrivilegeNameSchema } from './accounts.ts';
import { AUTHZ } from './authz.ts';
import { IdParamsSchema, PageQuerySchema, PageSchema, PasswordSchema, text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/**
 * The accounts administration (issue 14, point 1) and the audit log every administrator's write lands in
 * (docs/decisions/0035-audit-log.md). Its own file: accounts.ts holds what musicians call about their own account.
 */

// ---- accounts

export const ACCOUNT_SORTS = ['createdAt', 'username', 'email', 'lastPingAt'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export const AccountsQuerySchema = PageQuerySchema.extend({
  /** Part of the username, displayed name or email, or an account's exact id. */
  q: text({ error: 'invalid' }).trim().max(100, code('too_long')).optional(),
  sort: z.enum(ACCOUNT_SORTS, code('invalid')).default('createdAt'),
  order: z.enum(['asc', 'desc'], code('invalid')).default('desc'),
});
export type AccountsQuery = z.input<typeof AccountsQuerySchema>;

export const AdminAccountSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    username: z.string(),
    displayedUsername: z.string(),
    locale: z.string(),
    birthdate: z.string().nullable(),
    createdAt: z.string(),
    /** When the email address was confirmed (or an administrator validated the account); null: not validated. */
    validatedAt: z.string().nullable(),
    verified: z.boolean(),
    lastPingAt: z.string().nullable(),
    privileges: z.array(z.string()),
    /** Privileges ADMIN_EMAILS or TESTER_EMAILS give this address: the lists keep them, the administration cannot
     *  remove them. */
    listedPrivileges: z.array(z.string()),
    /** Holds a current subscription. */
    subscribed: z.boolean(),
    /** Its deletion was asked: when the erasure job removes it unless it signs in before; null otherwise. */
    erasesAt: z.string().nullable(),
  })
  .meta({ id: 'AdminAccount' });
export type AdminAccount = z.infer<typeof AdminAccountSchema>;
export const AdminAccountPageSchema = PageSchema(AdminAccountSchema).meta({ id: 'AdminAccountPage' });
export type AdminAccountPage = z.infer<typeof AdminAccountPageSchema>;

/** Days of sign-ups the dashboard's chart covers. */
export const STATS_DAYS = 90;
export const AccountStatsSchema = z
  .object({
    total: z.number().int(),
    validated: z.number().int(),
    /** Pinged within the online window (as GET v1/metrics/accounts/online). */
    onlineNow: z.number().int(),
    /** Holding a current subscription (trial included). */
    subscribed: z.number().int(),
    /** With a birthdate less than 13 years ago. */
    under13: z.number().int(),
    /** The last STATS_DAYS days (UTC), oldest first, days without sign-ups included. */
    signUpsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'AccountStats' });
export type AccountStats = z.infer<typeof AccountStatsSchema>;

/** Segments an account falls in now, from what it is (derived). A/B test variants will come as their own list. */
export const SEGMENTS = [
  'validated',
  'unvalidated',
  'subscribed',
  'under13',
  'audioClientSeen',
  'admin',
  'tester',
  'locale:en',
  'locale:fr',
] as const;
export const AccountSegmentsSchema = z
  .object({
    segments: z.array(z.enum(SEGMENTS)),
    /** The variant it gets in each running A/B test (modules/experiments). */
    experiments: z.array(z.object({ test: z.string(), variant: z.string() })),
  })
  .meta({ id: 'AccountSegments' });
export type AccountSegments = z.infer<typeof AccountSegmentsSchema>;

export const AccountPrivilegesBodySchema = z.object({
  /** Every privilege the account should hold; CORE_GUEST is every account's and is kept whatever is sent. */
  privileges: z.array(PrivilegeNameSchema).max(10, code('too_many')),
});
export type AccountPrivilegesBody = z.infer<typeof AccountPrivilegesBodySchema>;
export const AccountPasswordBodySchema = z.object({ password: PasswordSchema });
export const StateQuerySchema = z.object({ state: z.enum(['true', 'false'], code('required')) });

export const AccountSyncSchema = z
  .object({
    /** The payment service's customer; null when the account never saved a card (nothing to sync). */
    customerId: z.string().nullable(),
    /** The email the customer now carries. */
    email: z.string().nullable(),
    cards: z.number().int(),
  })
  .meta({ id: 'AccountSync' });
export type AccountSync = z.infer<typeof AccountSyncSchema>;

const admin = { access: 'admin', authz: AUTHZ.admins, tag: 'administration' } as const;

export const accountAdminEndpoints = {
  listAccounts: def({
    ...admin,
    method: 'GET',
    path: 'v1/accounts',
    summary: 'Accounts found by username, displayed name, email or id, sorted (paged)',
    query: AccountsQuerySchema,
    response: AdminAccountPageSchema,
  }),
  accountStats: def({
    ...admin,
    method: 'GET',
    path: 'v1/accounts/stats',
    summary: 'Accounts: totals, validated, online now, subscribed, under 13, and sign-ups per day over 90 days',
    response: AccountStatsSchema,
  }),
  getAccount: def({
    ...admin,
    method: 'GET',
    path: 'v1/accounts/{id}',
    summary: 'One account as the administration sees it',
    params: IdParamsSchema,
    response: AdminAccountSchema,
  }),
  getAccountSegments: def({
    ...admin,
    method: 'GET',
    path: 'v1/accounts/{id}/segments',
    summary: 'The segments an account falls in now',
    params: IdParamsSchema,
    response: AccountSegmentsSchema,
  }),
  setAccountPassword: def({
    ...admin,
    method: 'PUT',
    path: 'v1/accounts/{id}/password',
    summary: "Set an account's password; signs out every device of it",
    params: IdParamsSchema,
    body: AccountPasswordBodySchema,
    response: null,
  }),
  syncAccount: def({
    ...admin,
    method: 'POST',
    path: 'v1/accounts/{id}/sync',
    summary: "Bring the payment service's customer in line with the account (its email), and count its cards",
    params: IdParamsSchema,
    response: AccountSyncSchema,
  }),
  setAccountPrivileges: def({
    ...admin,
    method: 'PUT',
    path: 'v1/accounts/{id}/privileges',
    summary:
      'Grant and remove privileges (409 OWN_ADMIN_PRIVILEGE for your own CORE_ADMIN, LAST_ADMIN for the last one, PRIVILEGE_LISTED for one the address lists give)',
    params: IdParamsSchema,
    body: AccountPrivilegesBodySchema,
    response: AdminAccountSchema,
  }),
  setAccountValid: def({
    ...admin,
    method: 'POST',
    path: 'v1/accounts/{id}/valid',
    summary: 'Validate an account (as its confirmation link does) or un-validate it (its devices are signed out)',
    params: IdParamsSchema,
    query: StateQuerySchema,
    response: AdminAccountSchema,
  }),
  setAccountVerified: def({
    ...admin,
    method: 'POST',
    path: 'v1/accounts/{id}/verified',
    summary: "Show or hide the verified badge on an account's profile",
    params: IdParamsSchema,
    query: StateQuerySchema,
    response: AdminAccountSchema,
  }),
  listAccountDevices: def({
    ...admin,
    method: 'GET',
    path: 'v1/devices/accounts/{id}',
    summary: 'The devices signed in to an account',
    params: IdParamsSchema,
    response: z.array(DeviceSchema),
  }),
} as const;
