import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { PageQuerySchema, PageSchema } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/**
 * The audit log (docs/decisions/0035-audit-log.md): every administrator's write is recorded in the same transaction
 * as the write itself, and the administration reads it back. Actions are named by the domain that records them.
 */

/** What an administrator did; one name per kind of write. */
export const AUDIT_ACTIONS = [
  'account.privileges',
  'account.valid',
  'account.verified',
  'account.password',
  'account.sync',
  'abTest.create',
  'abTest.delete',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** Who an entry names: the account's id, and its username while the account exists (null once erased). */
export const AuditPartySchema = z.object({ id: z.uuid(), username: z.string().nullable() });

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.string(),
    /** The administrator who acted; null for the server itself (jobs). */
    actor: AuditPartySchema.nullable(),
    action: AuditActionSchema,
    /** The account acted on, if any. */
    target: AuditPartySchema.nullable(),
    /** What changed, by action: `{ state }` for valid and verified, `{ added, removed }` for privileges... never a
     *  secret (no password). */
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = PageSchema(AuditEntrySchema).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditQuerySchema = PageQuerySchema.extend({
  /** Only the entries about this account. */
  account: z.uuid(code('invalid')).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const auditEndpoints = {
  listAuditLog: def({
    access: 'admin',
    authz: AUTHZ.admins,
    tag: 'administration',
    method: 'GET',
    path: 'v1/audit-log',
    summary: "Administrators' actions, the most recent first, optionally about one account (paged)",
    query: AuditQuerySchema,
    response: AuditPageSchema,
  }),
} as const;
