import type { ChatMessage } from '../../../contract/chat';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import type { ChatSyncRepository } from '../../db/repositories/chat-sync.repository';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import { presentMessage } from './chat-presenter';

/** The most messages one resync answer carries; a tab still behind asks again from the last one. */
export const RESYNC_LIMIT = 500;

/** Whether a member's typing in a conversation reaches the other member. */
export type TypingDecision =
  | { outcome: 'relay'; recipientId: number }
  /** Either member blocked the other: typing is not shown between them. */
  | { outcome: 'withheld' }
  /** Not one of the member's conversations: probing other pairs' conversations counts as abuse. */
  | { outcome: 'not_member' };

/** What a reconnecting tab missed, oldest first, and the cursor for its next resync. */
export interface Resync {
  messages: ChatMessage[];
  lastMessageId: number;
  /** More messages wait after `lastMessageId` than one answer carries. */
  hasMore: boolean;
}

/** The chat's rules for the socket: who sees a member typing, and what a tab that was away gets. */
export function createChatRealtimeService(deps: {
  chat: Pick<ChatRepository, 'findForMember'>;
  chatSync: ChatSyncRepository;
  blocks: Pick<BlocksRepository, 'between'>;
}) {
  return {
    /**
     * Whether `memberId` typing in the conversation is shown to the other member: only in the
     * member's own conversations, and not between members where either blocked the other.
     */
    async decideTyping(memberId: number, conversationId: number): Promise<TypingDecision> {
      const conversation = await deps.chat.findForMember(conversationId, memberId);
      if (!conversation) return { outcome: 'not_member' };
      const otherId = conversation.memberA === memberId ? conversation.memberB : conversation.memberA;
      const relation = await deps.blocks.between(memberId, otherId);
      if (relation.viewerBlocked || relation.blockedByOther) return { outcome: 'withheld' };
      return { outcome: 'relay', recipientId: otherId };
    },

    /**
     * The messages a tab missed after `afterMessageId` that the member may see (not held for
     * them, not removed by them, not withheld by a block, ADR 0021), at most `RESYNC_LIMIT`.
     * A tab without a cursor starts from its page data: replaying the whole history would show
     * every old message as new, so it gets only the cursor for its next resync.
     */
    async resyncSince(memberId: number, afterMessageId: number | undefined): Promise<Resync> {
      if (afterMessageId === undefined) return { messages: [], lastMessageId: await deps.chatSync.newestMessageId(memberId), hasMore: false };
      const rows = await deps.chatSync.messagesSince(memberId, afterMessageId, RESYNC_LIMIT);
      const lastMessageId = rows.length ? Number(rows[rows.length - 1].id) : afterMessageId;
      return { messages: rows.map(presentMessage), lastMessageId, hasMore: rows.length === RESYNC_LIMIT };
    },
  };
}

export type ChatRealtimeService = ReturnType<typeof createChatRealtimeService>;
