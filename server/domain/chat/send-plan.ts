import type { LockedSender, SendTarget } from '../../db/repositories/chat-send.repository';
import type { MessageRow, SiteRow } from '../../db/schema/index';
import type { Language } from '../../../contract/locales';
import type { MessageWarning } from '../../../contract/safety';
import { AppError } from '../shared/app-error';
import { priceOf, type PaidKind } from './message-pricing';

export interface SendInput {
  profileId?: number;
  conversationId?: number;
  kind: PaidKind;
  text: string;
  clientId: string;
  giftId?: string;
  photoFilename?: string;
  /**
   * Read by the safety signals before sending (issue 32): the sender's language, and whether
   * they confirmed a message the signals asked about. Absent for hosts and for sends the
   * member did not type just now (a sign-up's kept first message).
   */
  screening?: { language: Language; confirmed: boolean };
  /** What the recipient is warned about, set by the screening. */
  warnings?: MessageWarning[];
}

/** One member's send waiting for its batch. */
export interface PendingSend {
  site: SiteRow;
  senderId: number;
  input: SendInput;
  /** When the member sent it: the message's time, whichever batch carries it. */
  at: Date;
}

/** What the batch read under its locks; the plan decides every send from these alone. */
export interface BatchFacts {
  senders: Map<number, LockedSender>;
  /** Stored messages by `senderId:clientId` (retries of sends that already went through). */
  earlier: Map<string, MessageRow>;
  /** One per send, in order. */
  targets: SendTarget[];
  /** Free text messages sent so far, for members without `paid_user`. */
  freeSent: Map<number, number>;
  /** Conversations started so far, for members without `paid_user` who open new ones. */
  started: Map<number, number>;
}

/** After a send: the sender's balance and what their next text message costs. */
interface SenderAfter {
  credits: number;
  nextMessagePrice: number;
}

export type PlannedSend =
  | { outcome: 'refused'; error: AppError }
  /** A retry: answer with the stored message, charge nothing. */
  | ({ outcome: 'earlier'; message: MessageRow } & SenderAfter)
  /** The same sender and client id as send number `of` of this batch: answer as it is answered. */
  | { outcome: 'same_as'; of: number }
  | ({
      outcome: 'write';
      price: number;
      body: string;
      recipientId: number;
      conversationId: number | null;
      held: boolean;
      recipientFictional: boolean;
    } & SenderAfter);

export const sendKey = (senderId: number, clientId: string) => `${senderId}:${clientId}`;

/** Where a sender stands while the plan walks through their sends in order. */
interface SenderState {
  row: LockedSender;
  credits: number;
  freeSent: number;
  started: number;
}

/**
 * Decides each send of a batch, in arrival order, with the rules of spec §1 and §5 — exactly
 * as if they had run one after another: each sender's balance, free messages and started
 * conversations carry from one of their sends to the next. A refused send changes nothing, so
 * it never touches the database and never fails the others.
 */
export function planSends(sends: PendingSend[], facts: BatchFacts): PlannedSend[] {
  const states = new Map<number, SenderState>();
  const firstByKey = new Map<string, number>();
  // Pairs whose conversation an earlier send of this batch will create.
  const opening = new Set<string>();

  return sends.map((send, index) => {
    const key = sendKey(send.senderId, send.input.clientId);
    const first = firstByKey.get(key);
    if (first !== undefined) return { outcome: 'same_as', of: first };
    firstByKey.set(key, index);

    const row = facts.senders.get(send.senderId);
    if (!row) return refuse('authentication_required');
    let state = states.get(send.senderId);
    if (!state) {
      state = { row, credits: row.credits, freeSent: facts.freeSent.get(row.id) ?? 0, started: facts.started.get(row.id) ?? 0 };
      states.set(row.id, state);
    }
    const earlier = facts.earlier.get(key);
    if (earlier) return { outcome: 'earlier', message: earlier, ...after(send.site, state) };

    try {
      return planWrite(send, facts.targets[index], state, opening);
    } catch (error) {
      if (error instanceof AppError) return { outcome: 'refused', error };
      throw error;
    }
  });
}

function planWrite(send: PendingSend, target: SendTarget, state: SenderState, opening: Set<string>): PlannedSend {
  const { site, senderId, input } = send;
  const body = input.text.trim();
  if (input.kind === 'text' && !body) throw new AppError('message_empty');
  if (body.length > site.messageLength) throw new AppError('message_too_long', { params: { max: site.messageLength } });
  const recipientId = checkRecipient(send, target);

  const pair = senderId < recipientId ? `${senderId}:${recipientId}` : `${recipientId}:${senderId}`;
  const opens = target.conversationId === null && !opening.has(pair);
  if (opens && !state.row.paidUser && state.started >= site.freeConversations) {
    throw new AppError('conversation_limit_reached', { params: { limit: site.freeConversations } });
  }
  // A host answering as a fictional profile pays nothing (issue 16).
  const price = state.row.fictional ? 0 : priceOf(input.kind, site, state.row, state.row.country, state.freeSent);
  // Before the first paid text to a fictional profile the member is shown the warning with the
  // price and confirms once (remembered per member and profile); until then the send is refused.
  if (price > 0 && input.kind === 'text' && !target.fictionalConfirmed) {
    throw new AppError('fictional_confirmation_required', { params: { price } });
  }
  if (price > state.credits) throw new AppError('insufficient_credits');

  state.credits -= price;
  if (input.kind === 'text' && price === 0) state.freeSent += 1;
  if (opens) {
    state.started += 1;
    opening.add(pair);
  }
  return {
    outcome: 'write',
    price,
    body,
    recipientId,
    conversationId: target.conversationId,
    held: target.recipientStatus === 'not_confirmed',
    recipientFictional: target.recipientFictional,
    ...after(site, state),
  };
}

/** The member the send goes to, or the reason it cannot go (checked in the order members see them). */
function checkRecipient({ senderId, input }: PendingSend, target: SendTarget): number {
  if (input.conversationId) {
    if (target.recipientId === null) throw new AppError('not_found');
  } else {
    if (input.profileId === senderId) throw new AppError('not_yourself');
    if (target.blocked) throw new AppError('blocked');
    if (!target.recipientVisible) throw new AppError('not_found');
  }
  if (target.blocked) throw new AppError('blocked');
  if (target.recipientStatus === null || target.recipientStatus === 'deleted') throw new AppError('not_found');
  return target.recipientId!;
}

function after(site: SiteRow, state: SenderState): SenderAfter {
  return { credits: state.credits, nextMessagePrice: priceOf('text', site, state.row, state.row.country, state.freeSent) };
}

function refuse(code: 'authentication_required'): PlannedSend {
  return { outcome: 'refused', error: new AppError(code) };
}
