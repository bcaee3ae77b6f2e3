/**
 * The whole database schema, as drizzle (the client and drizzle-kit's migrations) reads it: each domain's tables live
 * beside its module (`modules/<domain>/<domain>.schema.ts`); this file only gathers them.
 */
export * from '../modules/accounts/accounts.schema.ts';
export * from '../modules/reference/reference.schema.ts';
export * from '../modules/nals/nals.schema.ts';
export * from '../modules/servers/servers.schema.ts';
export * from '../modules/sessions/sessions.schema.ts';
export * from '../modules/subscriptions/subscriptions.schema.ts';
export * from '../modules/subscriptions/billing.schema.ts';
export * from '../modules/subscriptions/payments/incidents.schema.ts';
export * from '../modules/community/community.schema.ts';
export * from '../modules/places/places.schema.ts';
export * from '../modules/messages/messages.schema.ts';
export * from './audit/audit.schema.ts';
export * from './mail-outbox/mail-outbox.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/experiments/experiments.schema.ts';
