import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';
import type { BrokerAction, BrokerIdentity } from '../../platform/broker-acl.ts';
import { API_PREFIX } from '../../platform/endpoints.ts';
import { AppError } from '../../platform/errors.ts';
import type { BrokerAccess } from './nals.broker.ts';

export const BROKER_AUTH_PATH = `${API_PREFIX}broker/auth`;
export const BROKER_ACL_PATH = `${API_PREFIX}broker/acl`;
export const BROKER_SECRET_HEADER = 'x-broker-secret';

// External brokers send empty strings for missing values and extra keys depending on their templates.
const AuthBodySchema = z.looseObject({
  username: z.string().max(200).default(''),
  password: z.string().max(4096).default(''),
  clientid: z.string().max(200).optional(),
});
const AclBodySchema = z.looseObject({
  username: z.string().max(200).default(''),
  topic: z.string().min(1).max(1024),
  /** EMQX: publish or subscribe ("all" asks for both). */
  action: z.enum(['publish', 'subscribe', 'all']).optional(),
  /** mosquitto-go-auth: 1 read, 2 write, 3 read and write, 4 subscribe. */
  acc: z.coerce.number().int().min(1).max(4).optional(),
  clientid: z.string().max(200).optional(),
});

/** Both response conventions at once: EMQX reads `result`, mosquitto-go-auth (json mode) reads `ok`. */
const verdict = (allowed: boolean) =>
  allowed ? { result: 'allow' as const, ok: true } : { result: 'deny' as const, ok: false, error: 'denied' };

function actionsOf(body: z.infer<typeof AclBodySchema>): BrokerAction[] | null {
  if (body.action === 'all' || body.acc === 3) return ['publish', 'subscribe'];
  if (body.action) return [body.action];
  if (body.acc === 2) return ['publish'];
  if (body.acc === 1 || body.acc === 4) return ['subscribe'];
  return null;
}

/** EMQX 5.8+ applies these rules to the connection itself, binding it to the token it authenticated with. */
function aclRules(identity: BrokerIdentity) {
  const [publish, subscribe] =
    identity.kind === 'browser'
      ? [nalsInTopic(identity.nalsToken), nalsOutTopic(identity.nalsToken)]
      : [nalsOutTopic(identity.nalsToken), nalsInTopic(identity.nalsToken)];
  return [
    { permission: 'allow', action: 'publish', topic: publish },
    { permission: 'allow', action: 'subscribe', topic: subscribe },
    { permission: 'deny', action: 'all', topic: '#' },
  ];
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * HTTP authentication and authorization for an external broker (EMQX's HTTP authenticator and authorizer,
 * Mosquitto through mosquitto-go-auth's http backend); see docs/deployment.md. Infrastructure, not part of the public
 * API: hidden from the OpenAPI document.
 */
export function registerBrokerHooks(app: FastifyInstance, access: BrokerAccess, secret: string | null): void {
  // Without a configured secret the hooks refuse every call: open hooks would let anyone test tokens at will.
  const checkSecret = async (request: FastifyRequest) => {
    if (secret === null)
      throw new AppError(401, 'UNAUTHENTICATED', 'Broker hooks are off: BROKER_HOOK_SECRET is unset.');
    const header = request.headers[BROKER_SECRET_HEADER];
    // mosquitto-go-auth cannot send headers: the secret may come in the query string of the configured URI.
    const query = (request.query as Record<string, unknown> | undefined)?.['secret'];
    const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
    if (!timingSafeEqual(digest(given), digest(secret))) {
      throw new AppError(401, 'UNAUTHENTICATED', 'Missing or wrong broker hook secret.');
    }
  };

  app.route({
    method: 'POST',
    url: BROKER_AUTH_PATH,
    schema: { hide: true, body: AuthBodySchema },
    onRequest: checkSecret,
    handler: async (request) => {
      const body = request.body as z.infer<typeof AuthBodySchema>;
      const identity = await access.identify(body.username, body.password);
      if (!identity) return { ...verdict(false), is_superuser: false };
      return {
        ...verdict(true),
        is_superuser: false,
        client_attrs: { tutti_kind: identity.kind, tutti_account: identity.accountId },
        acl: aclRules(identity),
      };
    },
  });

  app.route({
    method: 'POST',
    url: BROKER_ACL_PATH,
    schema: { hide: true, body: AclBodySchema },
    onRequest: checkSecret,
    handler: async (request) => {
      const body = request.body as z.infer<typeof AclBodySchema>;
      const actions = actionsOf(body);
      if (!actions) return verdict(false);
      for (const action of actions) {
        if (!(await access.mayUseByName(body.username, body.topic, action))) return verdict(false);
      }
      return verdict(true);
    },
  });
}
