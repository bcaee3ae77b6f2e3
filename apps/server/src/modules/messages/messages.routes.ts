import { MESSAGES_PER_MINUTE } from '@tutti/contract/messages';
import type { Endpoint } from '../../platform/endpoints.ts';
import type { MessagesService } from './messages.service.ts';

export function registerMessagesRoutes(endpoint: Endpoint, messages: MessagesService): void {
  endpoint('listConversations', ({ auth, query }) => messages.list(auth.accountId, query.q, query.p, query.size));
  endpoint('openConversation', ({ auth, body }) => messages.open(auth.accountId, body.accountId));
  endpoint('lookupConversation', ({ auth, params }) => messages.lookup(auth.accountId, params.id));
  endpoint('getConversation', ({ auth, params, query }) =>
    messages.messages(auth.accountId, params.id, query.before, query.size),
  );
  endpoint(
    'sendMessage',
    ({ auth, params, body }) => messages.send(auth.account, params.id, body.contents, body.clientMessageId),
    { accountLimit: MESSAGES_PER_MINUTE },
  );
  endpoint('readConversation', ({ auth, params, body }) => messages.read(auth.accountId, params.id, body.messageId));
}
