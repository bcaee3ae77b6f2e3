/**
 * Every action the audit log records (docs/decisions/0035-audit-log.md), named by domain. Its own leaf file: the route
 * table's definitions name the action an administrator's write records (`audit` in endpoint.ts).
 */
/** What an administrator did; one name per kind of write. */
export const AUDIT_ACTIONS = [
  'account.privileges',
  'account.valid',
  'account.verified',
  'account.password',
  'account.sync',
  /** An administrator asked for an account's deletion (a musician deleting their own account is not an admin act). */
  'account.delete',
  /** The erasure job removed an account at the end of its grace period (actor: the server). */
  'account.erase',
  /** The owner signed in within the grace period of the deletion they asked themselves: the account is kept (actor:
   *  the owner). An administrator's deletion cannot be undone this way (docs/privacy.md). */
  'account.keep',
  // Recorded by the route itself once it succeeded (EndpointDef.audit): writes of one row, with what they wrote.
  'region.create',
  'region.delete',
  'server.create',
  'server.start',
  'server.pause',
  'server.delete',
  'product.create',
  'product.update',
  'product.delete',
  'product.enable',
  'product.disable',
  'promoCode.create',
  'promoCode.delete',
  /** The comparison of the payment service's payments with the ledger, run by hand (it may refund). */
  'payments.reconcile',
  'nalsVersion.enable',
  'testRehearsal.create',
  'testRehearsal.delete',
  // Content (modules/content): recorded in the write's own transaction.
  'news.create',
  'news.update',
  'news.publish',
  'news.delete',
  'blogPost.create',
  'blogPost.update',
  'blogPost.publish',
  'blogPost.delete',
  'banner.create',
  'banner.update',
  'banner.delete',
  // A/B tests (modules/experiments): recorded in the write's own transaction.
  'abTest.create',
  'abTest.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
