import type { Conversation, ConversationMember, PrivateMessage } from '@tutti/contract/messages';
import { displayedName } from '../community/community.presenter.ts';
import type { ConversationMemberRow, PrivateMessageRow } from './messages.schema.ts';
import type { OtherRow } from './messages.repository.ts';

/** A deleted account keeps its messages and loses its names (`deleted: true`). */
export function presentMember(other: OtherRow | null, pictureUrl: (key: string) => string): ConversationMember {
  if (!other) {
    return { id: null, username: null, displayedUsername: null, profilePicture: null, verified: false, deleted: true };
  }
  return {
    id: other.id,
    username: other.username,
    displayedUsername: displayedName(other),
    profilePicture: other.profilePicture ? pictureUrl(other.profilePicture) : null,
    verified: other.verified,
    deleted: false,
  };
}

/** The client's own id for a message is its author's only. */
export const presentMessage = (row: PrivateMessageRow, readerId: string): PrivateMessage => ({
  messageId: row.id,
  conversationId: row.conversationId,
  authorId: row.authorId,
  contents: row.contents,
  sentAt: row.sentAt.toISOString(),
  clientMessageId: row.authorId === readerId ? row.clientMessageId : null,
});

export interface ConversationParts {
  member: ConversationMemberRow;
  other: OtherRow | null;
  last: PrivateMessageRow | null;
  canWrite: boolean;
  pictureUrl: (key: string) => string;
}

export const presentConversation = (p: ConversationParts): Conversation => ({
  id: p.member.conversationId,
  other: presentMember(p.other, p.pictureUrl),
  lastMessage: p.last ? presentMessage(p.last, p.member.accountId) : null,
  unreadCount: p.member.unreadCount,
  updatedAt: p.member.updatedAt.toISOString(),
  canWrite: p.canWrite,
});
