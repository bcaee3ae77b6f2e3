import { busTopics, type PrivateMessagesEvent } from '@tutti/contract/bus';
import type { Conversation, ConversationPage, MessagePage, PrivateMessage, ReadMarker } from '@tutti/contract/messages';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requestBusRecheck, type PubSub } from '../../platform/pubsub.ts';
import type { AccountRow } from '../../platform/schema.ts';
import { socialAgeCutoff } from '../community/community.visibility.ts';
import { isEligibleToSocial } from '../me/me.policy.ts';
import { presentConversation, presentMessage } from './messages.presenter.ts';
import type { ListedRow, MessagesRepository, OtherRow } from './messages.repository.ts';
import { sendMessage } from './messages.send.ts';

export interface MessagesDeps {
  db: Db;
  repo: MessagesRepository;
  pubsub: PubSub;
  pictureUrl: (key: string) => string;
  now: () => Date;
}

const notEligible = () =>
  new AppError(403, 'SOCIAL_NOT_ELIGIBLE', 'Social features are for musicians aged 13 or more with a birthdate.');
/** Unknown conversations and other people's are one answer (SPEC section 6: members only). */
const noSuchConversation = () => notFound('No such conversation.');
const noSuchMusician = () => notFound('No such musician.');
const closed = () =>
  new AppError(409, 'CONVERSATION_CLOSED', 'One of you blocked the other: this conversation can be read, not written.');

/**
 * Private messages (SPEC sections 2, 3 and 7; docs/decisions/0032-private-messages.md). Every call starts with the
 * social-age check; a conversation is its two members' only; a block either way closes it for writing and takes it
 * out of both lists (the history stays readable by its id).
 */
export function createMessagesService(deps: MessagesDeps) {
  const { repo, pubsub } = deps;

  async function viewer(accountId: string): Promise<{ id: string; cutoff: string }> {
    const account = await repo.account(accountId);
    if (!account) throw new AppError(401, 'UNAUTHENTICATED', 'Not signed in.');
    const today = deps.now();
    if (!isEligibleToSocial(account.birthdate, today)) throw notEligible();
    return { id: accountId, cutoff: socialAgeCutoff(today) };
  }

  /** Whether the other member can still be written to: there, social, and not blocked either way. */
  const writable = async (viewerId: string, other: OtherRow | null): Promise<boolean> =>
    other !== null &&
    other.validatedAt !== null &&
    isEligibleToSocial(other.birthdate, deps.now()) &&
    !(await repo.blockedEitherWay(viewerId, other.id));

  async function member(viewerId: string, conversationId: string): Promise<ListedRow> {
    const row = await repo.membership(viewerId, conversationId);
    if (!row) throw noSuchConversation();
    return row;
  }

  async function conversationOf(viewerId: string, row: ListedRow): Promise<Conversation> {
    const last = (await repo.lastMessages([row.member.conversationId])).get(row.member.conversationId) ?? null;
    return presentConversation({
      ...row,
      last,
      canWrite: await writable(viewerId, row.other),
      pictureUrl: deps.pictureUrl,
    });
  }

  const publish = (accountId: string, event: PrivateMessagesEvent) =>
    pubsub.publish(busTopics.privateMessages(accountId), event);

  return {
    viewer,

    async list(viewerId: string, q: string | undefined, p: number, size: number): Promise<ConversationPage> {
      await viewer(viewerId);
      const [{ rows, total }, unreadConversations] = await Promise.all([
        repo.list(viewerId, q, p, size),
        repo.unreadConversations(viewerId),
      ]);
      const last = await repo.lastMessages(rows.map((r) => r.member.conversationId));
      const today = deps.now();
      const items = rows.map((row) =>
        presentConversation({
          ...row,
          last: last.get(row.member.conversationId) ?? null,
          // Listed rows are not blocked either way (the list leaves those out).
          canWrite:
            row.other !== null && row.other.validatedAt !== null && isEligibleToSocial(row.other.birthdate, today),
          pictureUrl: deps.pictureUrl,
        }),
      );
      return { items, page: p, size, total, unreadConversations };
    },

    async open(viewerId: string, accountId: string): Promise<Conversation> {
      const v = await viewer(viewerId);
      if (accountId === viewerId) throw new AppError(400, 'SELF_ACTION', 'You cannot write to yourself.');
      if (!(await repo.visible(viewerId, v.cutoff, accountId))) throw noSuchMusician();
      const id = await repo.open(viewerId, accountId, deps.now());
      return conversationOf(viewerId, await member(viewerId, id));
    },

    /** Null when we have not written to each other yet: the profile's button then offers to start. */
    async lookup(viewerId: string, accountId: string): Promise<Conversation | null> {
      const v = await viewer(viewerId);
      if (accountId === viewerId || !(await repo.visible(viewerId, v.cutoff, accountId))) throw noSuchMusician();
      const id = await repo.between(viewerId, accountId);
      if (id === null) return null;
      return conversationOf(viewerId, await member(viewerId, id));
    },

    async messages(
      viewerId: string,
      conversationId: string,
      before: string | undefined,
      size: number,
    ): Promise<MessagePage> {
      await viewer(viewerId);
      const row = await member(viewerId, conversationId);
      let beforeSeq: number | null = null;
      if (before !== undefined) {
        const cursor = await repo.message(conversationId, before);
        if (!cursor) throw notFound('No such message in this conversation.');
        beforeSeq = cursor.seq;
      }
      const found = await repo.messages(conversationId, beforeSeq, size);
      const page = found.slice(0, size);
      const otherRow = row.member.otherId === null ? null : await repo.membership(row.member.otherId, conversationId);
      return {
        conversation: await conversationOf(viewerId, row),
        messages: page.map((m) => presentMessage(m, viewerId)),
        nextBefore: found.length > size ? (page[page.length - 1]?.id ?? null) : null,
        otherReadUpTo: otherRow?.member.readMessageId ?? null,
        myReadUpTo: row.member.readMessageId,
      };
    },

    /**
     * The send path (issue 13: send to delivery), in as few round trips as the rules allow: the signed-in account
     * comes from the request's authentication (no lookup), the membership and writable checks share one statement
     * with the conversation's lock, and one more statement stores the message, moves both member rows and counts
     * both members' unread conversations. Once committed, the recipient's event goes out first, before anything else.
     */
    async send(
      account: AccountRow,
      conversationId: string,
      contents: string,
      clientMessageId: string,
    ): Promise<PrivateMessage> {
      const viewerId = account.id;
      if (!isEligibleToSocial(account.birthdate, deps.now())) throw notEligible();
      const outcome = await sendMessage(
        deps.db,
        { conversationId, authorId: viewerId, contents, clientMessageId },
        (check) =>
          check.otherId !== null &&
          check.otherValidated &&
          isEligibleToSocial(check.otherBirthdate, deps.now()) &&
          !check.blocked,
        deps.now,
      );
      if (outcome.kind === 'notMember') throw noSuchConversation();
      if (outcome.kind === 'closed') throw closed();
      const { message, created, otherId } = outcome;
      if (created) {
        // The recipient first: their page is the one waiting.
        if (otherId !== null) {
          await publish(otherId, {
            event: 'message',
            message: presentMessage(message, otherId),
            unreadConversations: outcome.otherUnread,
          });
        }
        await publish(viewerId, {
          event: 'message',
          message: presentMessage(message, viewerId),
          unreadConversations: outcome.authorUnread,
        });
      }
      return presentMessage(message, viewerId);
    },

    async read(viewerId: string, conversationId: string, messageId: string): Promise<ReadMarker> {
      await viewer(viewerId);
      const row = await member(viewerId, conversationId);
      const message = await repo.message(conversationId, messageId);
      if (!message) throw notFound('No such message in this conversation.');
      const { member: after, moved } = await repo.read(viewerId, message);
      const unreadConversations = await repo.unreadConversations(viewerId);
      if (moved && after.readMessageId !== null) {
        for (const accountId of [viewerId, ...(row.member.otherId === null ? [] : [row.member.otherId])]) {
          await publish(accountId, {
            event: 'read',
            conversationId,
            readerId: viewerId,
            readUpTo: after.readMessageId,
            unreadConversations:
              accountId === viewerId ? unreadConversations : await repo.unreadConversations(accountId),
          });
        }
      }
      return { conversationId, readUpTo: after.readMessageId, unreadConversations };
    },

    /** A block or an unblock between two musicians: both lists and counts change, and typing is allowed no more (or
     *  again). Called by the community's block service. */
    async blockChanged(a: string, b: string): Promise<void> {
      const id = await repo.between(a, b);
      if (id === null) return;
      await requestBusRecheck(pubsub, busTopics.typing(id));
      for (const accountId of [a, b]) {
        await publish(accountId, { event: 'changed', unreadConversations: await repo.unreadConversations(accountId) });
      }
    },

    /** The bus's rule for a conversation's typing topic: its members, while neither blocked the other. */
    async canType(accountId: string, conversationId: string): Promise<boolean> {
      const row = await repo.membership(accountId, conversationId);
      return row !== null && row.other !== null && !(await repo.blockedEitherWay(accountId, row.other.id));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
