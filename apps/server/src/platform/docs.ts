import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes registered against the contract; the same document is committed as
 *  docs/openapi.json (scripts/openapi.ts) and browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tutti API',
        description:
          'Rehearse together online in real time. Errors: status plus {"error":{"code","message","fields"?,"details"?}}.',
        version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'reference', description: 'Configuration and reference data' },
        { name: 'accounts', description: 'Sign-up, confirmation and password recovery' },
        { name: 'auth', description: 'Sign-in, token refresh and sign-out' },
        { name: 'me', description: 'The signed-in user and their devices' },
        { name: 'nals', description: 'Audio client releases and downloads' },
        { name: 'sessions', description: 'Rehearsal sessions and the echo self-check' },
        { name: 'subscriptions', description: 'Subscription products, subscriptions and payments' },
        { name: 'administration', description: 'Accounts administration and the audit log (administrators)' },
        { name: 'content', description: 'News, blog posts and banners: read by everyone, written by administrators' },
      ],
    },
    transform: createJsonSchemaTransform({
      skipList: [
        DOCS_PREFIX,
        `${DOCS_PREFIX}/`,
        `${DOCS_PREFIX}/json`,
        `${DOCS_PREFIX}/yaml`,
        `${DOCS_PREFIX}/static/*`,
      ],
    }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // Its default policy upgrades requests to https, which breaks the docs on the embedded http://localhost, and
    // blocks the inline styles Swagger UI sets (styles only; scripts stay 'self').
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}
