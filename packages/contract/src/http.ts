import type { z } from 'zod';
import { accountAdminEndpoints } from './account-admin.ts';
import { accountEndpoints } from './accounts.ts';
import { auditEndpoints } from './audit.ts';
import { communityEndpoints } from './community.ts';
import { contentEndpoints } from './content.ts';
import { experimentEndpoints } from './experiments.ts';
import { messageEndpoints } from './messages.ts';
import { nalsEndpoints } from './nals.ts';
import { onboardingEndpoints } from './onboarding.ts';
import { paymentEndpoints } from './payments.ts';
import { placeEndpoints } from './places.ts';
import { referenceEndpoints } from './reference.ts';
import { serverEndpoints } from './servers.ts';
import { sessionEndpoints } from './sessions.ts';
import { subscriptionEndpoints } from './subscriptions.ts';
import { testRehearsalEndpoints } from './test-rehearsals.ts';

export type { Access, EndpointDef, HttpMethod } from './endpoint.ts';
export { AUTHZ, type Authz, type Outcome } from './authz.ts';

/**
 * The API's route table, assembled from each domain's contract file (its routes beside its schemas). The server
 * registers, documents and fuzzes every route from it; the web calls them by name.
 */
export const endpoints = {
  ...referenceEndpoints,
  ...accountEndpoints,
  ...nalsEndpoints,
  ...sessionEndpoints,
  ...testRehearsalEndpoints,
  ...serverEndpoints,
  ...communityEndpoints,
  ...placeEndpoints,
  ...subscriptionEndpoints,
  ...paymentEndpoints,
  ...messageEndpoints,
  ...auditEndpoints,
  ...accountAdminEndpoints,
  ...contentEndpoints,
  ...experimentEndpoints,
  ...onboardingEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType
  ? z.infer<T>
  : T extends 'text'
    ? string
    : T extends 'image'
      ? Blob
      : T extends null
        ? void
        : never;
export type ResponseOf<N extends EndpointName> = Infer<Endpoints[N]['response']>;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B }
  ? B extends z.ZodType
    ? z.input<B>
    : never
  : undefined;
export type ParamsOf<N extends EndpointName> = Endpoints[N] extends { params: infer P }
  ? P extends z.ZodType
    ? z.input<P>
    : never
  : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { query: infer Q }
  ? Q extends z.ZodType
    ? z.input<Q>
    : never
  : undefined;

/** 'v1/accounts/{id}/email' with {id: 'x'} -> 'v1/accounts/x/email'. */
export function fillPath(path: string, params?: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params?.[k] ?? ''));
}
/** 'v1/accounts/{id}/email' -> 'v1/accounts/:id/email' (Fastify's form). */
export function toRoutePattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
