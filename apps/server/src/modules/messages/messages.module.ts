import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PubSub } from '../../platform/pubsub.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { createMessageEmails, createOptOutLinks, MESSAGE_EMAILS_JOB, OPT_OUT_PATH } from './messages.emails.ts';
import { optOutPage } from './messages.mail.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService } from './messages.service.ts';

export interface MessagesModuleDeps {
  db: Db;
  pubsub: PubSub;
  mailer: Mailer;
  jobs: Jobs;
  cache: SessionCache;
  pictureUrl: (key: string) => string;
  publicUrl: string;
  /** Signs the opt-out links of the unread-message emails. */
  signingKey: string | Buffer;
  /** How often the unread-message email job looks for due conversations. */
  emailIntervalMs?: number;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

/** Private messages: the 6 endpoints, the unread-message emails and their opt-out page (outside the contract, as a
 *  link in an email). Answers the service: the bus rules and the community's block call it. */
export function registerMessages(app: FastifyInstance, endpoint: Endpoint, deps: MessagesModuleDeps) {
  const messages = createMessagesService({
    db: deps.db,
    repo: createMessagesRepository(deps.db),
    pubsub: deps.pubsub,
    pictureUrl: deps.pictureUrl,
    now: deps.now,
  });
  registerMessagesRoutes(endpoint, messages);

  const links = createOptOutLinks(deps.signingKey, deps.publicUrl);
  const emails = createMessageEmails({ ...deps, links });
  deps.jobs.register(MESSAGE_EMAILS_JOB, deps.emailIntervalMs ?? 60_000, () => emails.run());

  // GET shows a button, POST (the button's form, no fields) turns the emails off: a mail scanner opening the link
  // changes nothing. Its own scope: the form's content type is accepted on these two routes only.
  const optOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const accountId = links.verify((request.query ?? {}) as Record<string, unknown>);
    const locale = accountId === null ? null : await emails.localeOf(accountId);
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (accountId === null || locale === null) {
      // No account to read the language from: the browser's.
      const browser = /^\s*fr\b/i.test(request.headers['accept-language'] ?? '') ? 'fr' : 'en';
      return reply.code(404).send(optOutPage(browser, 'invalid'));
    }
    if (request.method === 'GET') return reply.send(optOutPage(locale, 'confirm'));
    await emails.optOut(accountId);
    return reply.send(optOutPage(locale, 'done'));
  };
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.get(OPT_OUT_PATH, { schema: { hide: true } }, optOut);
    scope.post(OPT_OUT_PATH, { schema: { hide: true } }, optOut);
  });
  return { messages, emails };
}
