import type { ChatMessage, ChatsResponse, HistoryResponse } from '../../../contract/chat';
import type { Database } from '../../db/client';
import type { ChatRepository } from '../../db/repositories/chat.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { presentMessage } from './chat-presenter';
import type { SafetySignals } from '../safety/safety-signals.service';
import { screenSend, screenSendNow } from './message-screening';
import { priceOf } from './message-pricing';
import { createSendBatchCommitter, type CommittedMessage, type SendResult } from './send-batch';
import { createSendBatcher, type SendBatcherOptions } from './send-batcher';
import type { PendingSend, SendInput } from './send-plan';

export type { SendInput } from './send-plan';
export type { SendResult } from './send-batch';

const HISTORY_PAGE = 30;
/**
 * How long after deleting a chat the member may undo it. The app offers "Undo" for 8 seconds;
 * the server allows more, so an undo tapped at the last moment on a slow line still arrives.
 */
export const CHAT_UNDO_WINDOW_MS = 30_000;
/** Most group commits running at once (two cores); each holds one connection of the send lane. */
export const SEND_BATCHES_AT_ONCE = 2;

export interface ChatEvents {
  /**
   * Called after commit, so listeners never see a message that could still roll back.
   * `recipientUnread` is the recipient's unread total as of that commit, when the sender knows it.
   */
  messageSent(message: ChatMessage, recipientId: number, recipientUnread?: number): void;
  conversationRead(conversationId: number, readerId: number, messageIds: number[]): void;
  /** The member removed the conversation (their other tabs drop it too). */
  conversationRemoved?(conversationId: number, memberId: number): void;
  /** The member undid a removal: their counters include the conversation's unread messages again. */
  conversationRestored?(memberId: number): void;
}

/**
 * The batching key of a send: the conversation it names, or for a send by profile the pair's
 * two ids added up (the same for both members, so their first messages share a key). Sends of
 * one key commit in the order sent, and two batches committing at once never share one, so
 * neither waits for the other's conversation locks.
 */
function batchKey(send: PendingSend): number {
  const { conversationId, profileId } = send.input;
  return conversationId ?? send.senderId + (profileId ?? 0);
}

/** What the metrics learn of the chat's group commit. */
export interface ChatSendObserver {
  batchCommitted(size: number, seconds: number): void;
  messagesSent(count: number): void;
}

/**
 * Conversations paid with credits (spec §1, §5, §6). A message, its debit and its ledger row
 * commit together; the debit is conditional, so concurrent sends can never overdraw; the
 * client's id makes a retry return the first result instead of charging again. Sends are
 * group-committed: those arriving together share one transaction (ADR 0009).
 */
export function createChatService(deps: {
  db: Database;
  chat: ChatRepository;
  users: UsersRepository;
  profiles: ProfilesRepository;
  clock: Clock;
  events?: ChatEvents;
  /**
   * Told once per group commit, after it, of every message it stored (the notification rules
   * enqueue their jobs from here in one statement per batch). Must not wait on anything.
   */
  onMessagesCommitted?: (messages: CommittedMessage[]) => void;
  /** Told of every group commit: its size, how long it took, and the messages it stored (metrics). */
  observer?: ChatSendObserver;
  /** The safety signals a member's text passes before it is sent (issue 32). */
  safety?: Pick<SafetySignals, 'screenMessage'> & Partial<Pick<SafetySignals, 'screenMessageNow'>>;
  /** Batch size and concurrency of the group commit (defaults suit both engines). */
  batching?: Omit<SendBatcherOptions<PendingSend, SendResult>, 'commit'>;
}) {
  const { db, chat, users, profiles, clock, observer } = deps;
  const commitBatch = createSendBatchCommitter({
    db,
    onCommitted: (messages) => {
      observer?.messagesSent(messages.length);
      for (const sent of messages) deps.events?.messageSent(sent.message, sent.recipientId, sent.recipientUnread);
      if (messages.length) deps.onMessagesCommitted?.(messages);
    },
  });
  const sends = createSendBatcher<PendingSend, SendResult>({
    maxBatchesAtOnce: SEND_BATCHES_AT_ONCE,
    keyOf: batchKey,
    ...deps.batching,
    commit: !observer
      ? commitBatch
      : async (items) => {
          const started = performance.now();
          try {
            return await commitBatch(items);
          } finally {
            observer.batchCommitted(items.length, (performance.now() - started) / 1000);
          }
        },
  });

  return {
    /**
     * Sends a message (text, gift or photo) and debits its price. Answers with the stored
     * message, the sender's balance after it and the price of their next text message; the
     * same client id again answers with the first message and charges nothing.
     */
    async send(site: SiteRow, senderId: number, input: SendInput): Promise<SendResult> {
      const at = clock.now();
      // Screened without a promise when the site's lists are in memory: every send passes here.
      const screened = deps.safety ? (screenSendNow(deps.safety, site, input) ?? (await screenSend(deps.safety, site, input))) : input;
      return sends.submit({ site, senderId, input: screened, at });
    },

    /** Resolves once every send handed in so far has committed or failed. */
    drainSends: () => sends.drain(),

    async listChats(memberId: number): Promise<ChatsResponse> {
      const rows = await chat.listChats(memberId);
      // Not the viewer's cards: a member they blocked stays in their list (ADR 0021); conversations
      // withheld from them by the other's block are not among the rows.
      const cards = new Map(
        (
          await profiles.findCards(
            rows.map((row) => row.otherId),
            null,
          )
        ).map((card) => [card.id, card]),
      );
      const chats = rows.flatMap((row) => {
        const card = cards.get(row.otherId);
        if (!card) return [];
        return [
          {
            conversation: { id: row.conversationId },
            profile: {
              id: card.id,
              name: card.name,
              is_fictional: card.isFictional,
              main_image:
                card.mainThumb && card.mainFilename ? { filename: card.mainFilename, thumb_filename: card.mainThumb, status: 'active' as const } : null,
            },
            num_unread_messages: row.unreadCount,
            last_message: row.lastMessageId
              ? { id: Number(row.lastMessageId), text: row.lastBody ?? '', kind: row.lastKind ?? 'text', mine: row.lastSenderId === memberId }
              : null,
            last_message_at: new Date(row.lastMessageAt).toISOString(),
            blocked: row.blockedByMe,
            matched: row.matched,
          },
        ];
      });
      return { chats, total_unread_messages: chats.reduce((sum, item) => sum + item.num_unread_messages, 0) };
    },

    /**
     * A page of history. Reading changes nothing: the open conversation is marked read by
     * `markRead`. A member scrolls back through the site's newest `chat_history_limit` messages of
     * a conversation (spec §9), never further.
     */
    async history(site: SiteRow, memberId: number, conversationId: number, beforeId: number | null): Promise<HistoryResponse> {
      if (!(await chat.findShownTo(conversationId, memberId))) throw new AppError('not_found');
      const alreadyShown = beforeId ? await chat.countShownFrom(conversationId, memberId, beforeId) : 0;
      const pageSize = Math.max(0, Math.min(HISTORY_PAGE, site.chatHistoryLimit - alreadyShown));
      const rows = pageSize > 0 ? await chat.history(conversationId, memberId, beforeId, pageSize + 1) : [];
      const account = (await users.findAccount(memberId))!;
      const freeSent = await chat.countFreeSent(memberId);
      return {
        messages: rows.slice(0, pageSize).map(presentMessage),
        has_more: rows.length > pageSize && alreadyShown + pageSize < site.chatHistoryLimit,
        next_message_price: priceOf('text', site, account.user, account.profile.country, freeSent),
        credits: account.user.credits,
      };
    },

    /**
     * The member has the conversation open: every message to them in it is read now (spec §4),
     * and the senders get their receipts. A write of its own, so no GET ever changes it.
     */
    async markRead(memberId: number, conversationId: number): Promise<void> {
      if (!(await chat.findShownTo(conversationId, memberId))) throw new AppError('not_found');
      const read = await chat.markRead(conversationId, memberId, clock.now());
      if (read.length) deps.events?.conversationRead(conversationId, memberId, read);
    },

    /** Deletes the chat for this member only (spec §4); `restore` can undo it for `CHAT_UNDO_WINDOW_MS`. */
    async remove(memberId: number, conversationId: number): Promise<void> {
      if (!(await chat.findShownTo(conversationId, memberId))) throw new AppError('not_found');
      await chat.hideForMember(conversationId, memberId, clock.now());
      deps.events?.conversationRemoved?.(conversationId, memberId);
    },

    /**
     * Undoes the member's deletion of a chat within the undo window: the conversation is back
     * with the history and unread count they had. Idempotent: undoing a chat that is shown and
     * not removed changes nothing; too late answers `chat_undo_expired`.
     */
    async restore(memberId: number, conversationId: number): Promise<void> {
      if (!(await chat.findShownTo(conversationId, memberId))) throw new AppError('not_found');
      const since = new Date(clock.now().getTime() - CHAT_UNDO_WINDOW_MS);
      if (await chat.restoreForMember(conversationId, memberId, since)) {
        deps.events?.conversationRestored?.(memberId);
        return;
      }
      const state = await chat.findRemoval(conversationId, memberId);
      if (state && !state.hidden && !state.removedAt) return;
      throw new AppError('chat_undo_expired');
    },

    /** What the member's next text message costs, shown before they write it. */
    /**
     * What the member's next text message costs. A page that has the member's account already
     * (the load context reads it for every member page) passes what the price depends on, and
     * the account is not read again (issue 36).
     */
    async nextMessagePrice(site: SiteRow, memberId: number, sender?: { paidUser: boolean; country: string }): Promise<number> {
      if (sender) return priceOf('text', site, sender, sender.country, await chat.countFreeSent(memberId));
      const [account, freeSent] = await Promise.all([users.findAccount(memberId), chat.countFreeSent(memberId)]);
      return priceOf('text', site, account!.user, account!.profile.country, freeSent);
    },

    async findConversationWith(memberId: number, profileId: number): Promise<number | null> {
      return (await chat.findBetweenShownTo(memberId, profileId))?.id ?? null;
    },

    /** Spec §4: replies to an unconfirmed member wait until they confirm. */
    releaseHeldFor: (memberId: number) => chat.releaseHeldFor(memberId),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
