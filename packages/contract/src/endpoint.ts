import type { z } from 'zod';
import type { AuditAction } from './audit-actions.ts';
import type { Authz } from './authz.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: anyone; user: a signed-in account (CORE_GUEST); tester: TUTTI_MU (or CORE_ADMIN); admin: CORE_ADMIN. */
export type Access = 'public' | 'user' | 'tester' | 'admin';

export interface EndpointDef {
  method: HttpMethod;
  /** Relative to the API base, as written in shared/spec/endpoints.txt. */
  path: string;
  access: Access;
  /** Expected answers per caller: every route declares them, the matrix test checks them. */
  authz: Authz;
  tag: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A JSON schema, 'text' for text/plain, 'image' for image bytes (JPEG or PNG, for img elements), or null for 204
   *  No Content. */
  response: z.ZodType | 'text' | 'image' | null;
  /** Success status when a body is returned; 200 unless said. */
  status?: 200 | 201;
  /** multipart/form-data with one image in `field` (no JSON body); `optional` names further image fields that may be
   *  left out, `json` a text field carrying JSON (the handler validates it). */
  upload?: { field: string; optional?: readonly string[]; json?: string };
  /** Also accepted without the Authorization header when the body (JSON sent as text/plain by
   *  navigator.sendBeacon) carries the leaveToken of the caller's join. */
  beacon?: true;
  /** An administrator's write the server records in the audit log once it succeeded, with the id and name of what it
   *  wrote. Writes on accounts record themselves, inside their own transaction, and leave this out. */
  audit?: AuditAction;
}

/** Declares one route: `satisfies` would lose the literal types the table's helpers read. */
export const def = <T extends EndpointDef>(d: T): T => d;
