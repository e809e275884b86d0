import type { ChatMessage, SendMessageResponse } from '../../../contract/chat';
import type { Database, Executor } from '../../db/client';
import { createChatRepository } from '../../db/repositories/chat.repository';
import { createChatSendRepository, type ChatSendRepository, type ConversationTouch } from '../../db/repositories/chat-send.repository';
import type { MessageRow } from '../../db/schema/index';
import { presentMessage } from './chat-presenter';
import type { ItemOutcome } from './send-batcher';
import { planSends, sendKey, type BatchFacts, type PendingSend, type PlannedSend } from './send-plan';

/** What a member gets back for a send. */
export type SendResult = SendMessageResponse;

/** A message this batch stored, for the events that go out after commit. */
export interface CommittedMessage {
  message: ChatMessage;
  recipientId: number;
  /** The recipient's unread messages once the batch committed (their badge). */
  recipientUnread: number;
  /** This message opened the conversation (the sender's first words to the recipient). */
  opened: boolean;
  /** The recipient is a fictional profile (answered by hosts, never notified). */
  recipientFictional: boolean;
}

type Written = Extract<PlannedSend, { outcome: 'write' }>;

/**
 * Commits one batch of sends in one transaction: lock the senders and their conversations and
 * read every fact the rules need in one statement (free members' counts take one or two more),
 * decide each send in memory (`planSends`), then write all accepted messages, debits, ledger
 * rows and conversation counters in one statement. `onCommitted` runs only after the commit,
 * so no listener ever sees a message that could still roll back.
 */
export function createSendBatchCommitter(deps: { db: Database; onCommitted?: (messages: CommittedMessage[]) => void }) {
  return async function commitSends(sends: PendingSend[]): Promise<ItemOutcome<SendResult>[]> {
    const { plan, stored, unread } = await deps.db.transaction(async (tx) => {
      const facts = await readFacts(createChatSendRepository(tx), sends);
      const planned = planSends(sends, facts);
      const writes = await writeAccepted(tx, sends, planned);
      return { plan: planned, ...writes };
    });

    const answers = plan.map((planned, index): ItemOutcome<SendResult> | null => {
      switch (planned.outcome) {
        case 'refused':
          return { ok: false, error: planned.error };
        case 'earlier':
          return answer(planned.message, planned);
        case 'write':
          return answer(stored.get(index)!, planned);
        case 'same_as':
          return null;
      }
    });
    const outcomes = answers.map((outcome, index) => outcome ?? answers[(plan[index] as { of: number }).of]!);

    deps.onCommitted?.(
      [...stored].flatMap(([index, row]) => {
        const { recipientId, conversationId, recipientFictional } = plan[index] as Written;
        return row.held
          ? []
          : [{ message: presentMessage(row), recipientId, recipientUnread: unread.get(recipientId) ?? 0, opened: conversationId === null, recipientFictional }];
      }),
    );
    return outcomes;
  };
}

function answer(row: MessageRow, after: { credits: number; nextMessagePrice: number }): ItemOutcome<SendResult> {
  return { ok: true, value: { message: presentMessage(row), credits: after.credits, next_message_price: after.nextMessagePrice } };
}

async function readFacts(repository: ChatSendRepository, sends: PendingSend[]): Promise<BatchFacts> {
  const senderIds = [...new Set(sends.map((send) => send.senderId))];
  const { senders: locked, targets } = await repository.lockAndResolve(
    senderIds,
    sends.map((send) => ({
      senderId: send.senderId,
      clientId: send.input.clientId,
      profileId: send.input.profileId,
      conversationId: send.input.conversationId,
    })),
  );
  const senders = new Map(locked.map((row) => [row.id, row]));
  const earlierIds = targets.flatMap((target) => (target.earlierId === null ? [] : [target.earlierId]));
  const earlier = new Map((earlierIds.length ? await repository.findMessages(earlierIds) : []).map((row) => [sendKey(row.senderId, row.clientId), row]));

  // Only members without premium have free messages and a limit on new conversations.
  const freeSenders = [...senders.values()].filter((row) => !row.paidUser).map((row) => row.id);
  const opening = new Set(
    sends.filter((send, index) => targets[index].conversationId === null && freeSenders.includes(send.senderId)).map((send) => send.senderId),
  );
  return {
    senders,
    earlier,
    targets,
    freeSent: freeSenders.length ? await repository.countFreeSent(freeSenders) : new Map(),
    started: opening.size ? await repository.countStarted([...opening]) : new Map(),
  };
}

/** Writes what the plan accepted; returns the stored messages by send index and the recipients' unread totals. */
async function writeAccepted(tx: Executor, sends: PendingSend[], plan: PlannedSend[]) {
  const accepted = plan.flatMap((planned, index) => (planned.outcome === 'write' ? [{ index, planned, send: sends[index] }] : []));
  const stored = new Map<number, MessageRow>();
  if (!accepted.length) return { stored, unread: new Map<number, number>() };

  const conversationIds = await openConversations(tx, accepted);
  const recipients = [...new Set(accepted.filter(({ planned }) => !planned.held).map(({ planned }) => planned.recipientId))];
  const { rows, unread } = await createChatSendRepository(tx).writeBatch({
    messages: accepted.map(({ index, planned, send }) => ({
      conversationId: conversationIds[index],
      senderId: send.senderId,
      kind: send.input.kind,
      body: planned.body,
      giftId: send.input.giftId,
      photoFilename: send.input.photoFilename,
      creditsSpent: planned.price,
      clientId: send.input.clientId,
      held: planned.held,
      createdAt: send.at,
      warnings: send.input.warnings ?? [],
    })),
    debits: accepted
      .filter(({ planned }) => planned.price > 0)
      .map(({ index, planned, send }) => ({
        userId: send.senderId,
        delta: -planned.price,
        reason: send.input.kind === 'text' ? 'message' : send.input.kind,
        reference: `conversation:${conversationIds[index]}`,
        idempotencyKey: send.input.clientId,
        at: send.at,
      })),
    touches: touchesOf(accepted.map(({ index, planned, send }) => ({ conversationId: conversationIds[index], senderId: send.senderId, planned, at: send.at }))),
    recipients,
  });
  accepted.forEach(({ index }, position) => stored.set(index, rows[position]));
  return { stored, unread };
}

/**
 * The conversation of every accepted send, creating those a first message opens (rare: once
 * per pair). Creating in pair order keeps two batches opening the same pairs from deadlocking.
 */
async function openConversations(tx: Executor, accepted: { index: number; planned: Written; send: PendingSend }[]): Promise<Record<number, number>> {
  const ids: Record<number, number> = {};
  const toOpen = accepted.filter(({ planned }) => planned.conversationId === null);
  toOpen.sort(
    (a, b) =>
      Math.min(a.send.senderId, a.planned.recipientId) - Math.min(b.send.senderId, b.planned.recipientId) ||
      Math.max(a.send.senderId, a.planned.recipientId) - Math.max(b.send.senderId, b.planned.recipientId),
  );
  const chat = createChatRepository(tx);
  for (const { index, planned, send } of toOpen) {
    // `create` returns the pair's existing row when an earlier send of this batch made it.
    ids[index] = (await chat.create(send.senderId, planned.recipientId, send.senderId, send.at)).id;
  }
  for (const { index, planned } of accepted) ids[index] ??= planned.conversationId!;
  return ids;
}

/** One touch per conversation: its senders, its recipients with their new unread messages, its newest time. */
function touchesOf(writes: { conversationId: number; senderId: number; planned: Written; at: Date }[]): ConversationTouch[] {
  const touches = new Map<number, ConversationTouch>();
  for (const { conversationId, senderId, planned, at } of writes) {
    let touch = touches.get(conversationId);
    if (!touch) {
      touch = { conversationId, senderIds: [], recipientIds: [], unread: new Map(), at };
      touches.set(conversationId, touch);
    }
    if (!touch.senderIds.includes(senderId)) touch.senderIds.push(senderId);
    if (!touch.recipientIds.includes(planned.recipientId)) touch.recipientIds.push(planned.recipientId);
    if (!planned.held) touch.unread.set(planned.recipientId, (touch.unread.get(planned.recipientId) ?? 0) + 1);
    if (at > touch.at) touch.at = at;
  }
  return [...touches.values()];
}
