import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { intArray } from '../array-params';
import type { Executor } from '../client';
import { jsonRecordset } from '../json-recordset';
import { executePrepared } from '../prepared';
import { creditChangesCtes, type CreditChange } from './credits.repository';
import { messages, type MessageRow, type UserRow } from '../schema/index';

/** A sender's row as a batch of sends needs it, read under the batch's lock. */
export interface LockedSender {
  id: number;
  credits: number;
  paidUser: boolean;
  country: string;
  /** A fictional profile, answered by a host: its messages cost nothing. */
  fictional: boolean;
}

/** Who a send goes to and what stands in the way, read in one query for the whole batch. */
export interface SendTarget {
  /** The pair's conversation, or null when the first message will create it. */
  conversationId: number | null;
  /** Null when a `conversationId` send names a conversation the sender is not part of. */
  recipientId: number | null;
  recipientStatus: UserRow['status'] | null;
  /** The recipient's profile is visible (a first message by `profileId` needs it). */
  recipientVisible: boolean;
  /** A block in either direction between sender and recipient. */
  blocked: boolean;
  /** The message already stored under this sender's client id (a retry), if any. */
  earlierId: number | null;
  /** The recipient is a fictional profile. */
  recipientFictional: boolean;
  /** The sender confirmed the fictional-profile warning for this recipient (always true for other recipients). */
  fictionalConfirmed: boolean;
}

export interface SendAddress {
  senderId: number;
  clientId: string;
  profileId?: number;
  conversationId?: number;
}

/** The conversation rows a batch changes for one conversation: who sent, who receives, how many count unread. */
export interface ConversationTouch {
  conversationId: number;
  senderIds: number[];
  recipientIds: number[];
  /** Unread additions per recipient (held messages add none). */
  unread: Map<number, number>;
  at: Date;
}

export interface NewBatchMessage {
  conversationId: number;
  senderId: number;
  kind: MessageRow['kind'];
  body: string;
  giftId?: string;
  photoFilename?: string;
  creditsSpent: number;
  clientId: string;
  held: boolean;
  createdAt: Date;
  /** What the recipient is warned about (issue 32); usually none. */
  warnings: MessageRow['warnings'];
}

/** The `messages` columns by property name, listed once: every message a batch stores is mapped with them (issue 36). */
const MESSAGE_COLUMNS = Object.entries(getTableColumns(messages));

/** A raw `messages` row (column names, driver values) as the schema's typed row, whatever columns it has. */
function toMessageRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of MESSAGE_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MessageRow;
}

/**
 * The set-based queries of a batch of chat sends (group commit). Each runs once per batch,
 * inside the caller's transaction, whatever the number of messages in it.
 */
export function createChatSendRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // The two statements every batch runs are prepared: parsing and planning them cost the
  // database about as much as running them.
  const preparedRowsOf = <T>(query: SQL) => executePrepared<T>(db, query);

  return {
    /**
     * Everything a batch reads under its locks, in one statement:
     *
     * - the senders' rows, locked in id order, with what pricing needs. `no key update` still
     *   excludes every other send and debit of these members, but not the key-share locks that
     *   foreign keys to them take;
     * - for each send, in order: its conversation, recipient, the facts the rules check, and
     *   whether its client id is already stored (a retry);
     * - the conversations found, locked in id order, after the senders (the one-time filter on
     *   `senders` runs before the scan): every batch takes sender locks before conversation
     *   locks, so concurrent batches, on any instance, never deadlock. Two batches that both
     *   write to conversations X and Y would otherwise update them in opposite orders.
     *
     * The statement's snapshot is taken before any lock wait. The locked rows are read again as
     * they are once the lock is ours (balances stay exact); anything else committed during the
     * wait is missed and harmless: a retry not seen as one collides with the stored message's
     * unique key and the batch is retried item by item, which reads it; a conversation opened
     * meanwhile is found by `create`. Counts that must be exact for free members are read by
     * later statements (`countFreeSent`, `countStarted`).
     */
    async lockAndResolve(senderIds: number[], sends: SendAddress[]): Promise<{ senders: LockedSender[]; targets: SendTarget[] }> {
      const requests = sends.map((send, index) => ({
        i: index,
        s: send.senderId,
        k: send.clientId,
        p: send.profileId ?? null,
        c: send.conversationId ?? null,
      }));
      type TargetRow = Omit<SendTarget, 'earlierId'> & { i: number; earlierId: string | null };
      const [result] = await preparedRowsOf<{ senders: LockedSender[] | null; targets: TargetRow[] | null; locked: number }>(sql`
        with senders as materialized (
          select u.id, u.credits, u.paid_user as "paidUser", p.country, u.is_fictional as fictional
          from users u join profiles p on p.id = u.id
          where u.id = any(${intArray(senderIds)})
          order by u.id for no key update of u),
        targets as materialized (
          select r.i, pair.id as "conversationId", t.recipient_id as "recipientId", ru.status as "recipientStatus",
                 coalesce(rp.visible, false) as "recipientVisible",
                 exists (select 1 from blocks b
                   where (b.blocker_id = r.s and b.blocked_id = t.recipient_id) or (b.blocker_id = t.recipient_id and b.blocked_id = r.s)) as blocked,
                 (select m.id::text from messages m where m.sender_id = r.s and m.client_id = r.k) as "earlierId",
                 coalesce(ru.is_fictional, false) as "recipientFictional",
                 (ru.is_fictional is not true or exists (select 1 from fictional_confirmations fc
                   where fc.member_id = r.s and fc.profile_id = t.recipient_id)) as "fictionalConfirmed"
          from ${jsonRecordset(requests, 'i int, s int, k text, p int, c int')} as r
          left join conversations named on named.id = r.c and r.s in (named.member_a, named.member_b)
          cross join lateral (select case when r.c is null then r.p
                                          when named.member_a = r.s then named.member_b else named.member_a end as recipient_id) t
          left join conversations pair on pair.member_a = least(r.s, t.recipient_id) and pair.member_b = greatest(r.s, t.recipient_id)
          left join users ru on ru.id = t.recipient_id
          left join profiles rp on rp.id = t.recipient_id),
        locked as materialized (
          select c.id from conversations c
          where c.id in (select "conversationId" from targets) and (select count(*) from senders) >= 0
          order by c.id for no key update)
        select (select json_agg(s) from senders s) as senders,
               (select json_agg(t) from targets t) as targets,
               (select count(*)::int from locked) as locked`);
      // Message ids are bigint: read as text, so no driver turns them into something else.
      const byIndex = new Map(
        (result.targets ?? []).map(({ i, earlierId, ...target }) => [i, { ...target, earlierId: earlierId === null ? null : Number(earlierId) }]),
      );
      return { senders: result.senders ?? [], targets: sends.map((_, index) => byIndex.get(index)!) };
    },

    /** Stored messages by id (the retries `lockAndResolve` found). */
    async findMessages(ids: number[]): Promise<MessageRow[]> {
      return db.select().from(messages).where(inArray(messages.id, ids));
    },

    /** Free text messages each member has sent (the free allowance counts these). */
    async countFreeSent(senderIds: number[]): Promise<Map<number, number>> {
      const rows = await rowsOf<{ id: number; n: number }>(sql`
        select sender_id as id, count(*)::int as n from messages
        where sender_id = any(${intArray(senderIds)}) and credits_spent = 0 and kind = 'text'
        group by sender_id`);
      return new Map(rows.map((row) => [row.id, row.n]));
    },

    /** Conversations each member started (free members may start only a few). */
    async countStarted(memberIds: number[]): Promise<Map<number, number>> {
      const rows = await rowsOf<{ id: number; n: number }>(sql`
        select started_by as id, count(*)::int as n from conversations
        where started_by = any(${intArray(memberIds)}) group by started_by`);
      return new Map(rows.map((row) => [row.id, row.n]));
    },

    /**
     * Writes a whole batch in one statement, one round trip: the messages (rows travel as one
     * JSON parameter — binding a dozen parameters per message through the query builder cost
     * more CPU than the rest of the batch), the debits with their ledger rows, each
     * conversation brought up to its newest message and shown again to both members with the
     * recipients' unread counts raised. Returns the stored rows in the order given, and each
     * recipient's unread total over the conversations they show, as of this batch (their badge).
     */
    async writeBatch(batch: {
      messages: NewBatchMessage[];
      debits: CreditChange[];
      touches: ConversationTouch[];
      recipients: number[];
    }): Promise<{ rows: MessageRow[]; unread: Map<number, number> }> {
      const messageRows = batch.messages.map((value, index) => ({
        i: index,
        c: value.conversationId,
        s: value.senderId,
        k: value.kind,
        b: value.body,
        g: value.giftId ?? null,
        p: value.photoFilename ?? null,
        cr: value.creditsSpent,
        ci: value.clientId,
        h: value.held,
        at: value.createdAt.toISOString(),
        w: value.warnings,
      }));
      const conversationRows = batch.touches.map((touch) => ({ c: touch.conversationId, at: touch.at.toISOString() }));
      const stateRows = batch.touches.flatMap((touch) => [
        ...touch.senderIds.map((userId) => ({ c: touch.conversationId, u: userId, n: 0 })),
        ...touch.recipientIds.map((userId) => ({ c: touch.conversationId, u: userId, n: touch.unread.get(userId) ?? 0 })),
      ]);
      // Every part of one statement reads the same snapshot: a recipient's unread total takes
      // the counts this statement sets (`states`) for the conversations it touched, and the
      // snapshot's counts for their other conversations that are shown.
      const [result] = await preparedRowsOf<{
        messages: Record<string, unknown>[] | null;
        ledger_rows: number;
        unread: { id: number; n: number }[] | null;
      }>(sql`
        with new_messages as (
          insert into messages (conversation_id, sender_id, kind, body, gift_id, photo_filename, credits_spent, client_id, held, created_at, warnings)
          select c, s, k, b, g, p, cr, ci, h, at, w
          from ${jsonRecordset(messageRows, 'i int, c int, s int, k text, b text, g text, p text, cr int, ci text, h boolean, at timestamptz, w text[]')} as x
          order by i
          returning *),
        ${batch.debits.length ? sql`${creditChangesCtes(batch.debits)},` : sql`ledger as (select null::int as user_id where false),`}
        touched as (
          update conversations c set last_message_at = greatest(c.last_message_at, t.at)
          from ${jsonRecordset(conversationRows, 'c int, at timestamptz')} as t
          where c.id = t.c),
        states as (
          update conversation_states s set hidden = false, unread_count = s.unread_count + t.n
          from (select c, u, sum(n)::int as n from ${jsonRecordset(stateRows, 'c int, u int, n int')} as x group by c, u) t
          where s.conversation_id = t.c and s.user_id = t.u
          returning s.conversation_id, s.user_id, s.unread_count),
        unread as (
          select o.user_id as id, sum(coalesce(x.unread_count, case when o.hidden then 0 else o.unread_count end))::int as n
          from conversation_states o
          left join states x on x.conversation_id = o.conversation_id and x.user_id = o.user_id
          where o.user_id = any(${intArray(batch.recipients)})
          group by o.user_id)
        select (select json_agg(m) from new_messages m) as messages,
               (select count(*)::int from ledger) as ledger_rows,
               (select json_agg(u) from unread u) as unread`);
      if (result.ledger_rows !== batch.debits.length) throw new Error('credit batch named a member that does not exist');
      const byKey = new Map((result.messages ?? []).map((raw) => [`${raw.sender_id}:${raw.client_id}`, toMessageRow(raw)]));
      const unread = new Map(batch.recipients.map((id) => [id, 0]));
      for (const row of result.unread ?? []) unread.set(row.id, row.n);
      return { rows: batch.messages.map((value) => byKey.get(`${value.senderId}:${value.clientId}`)!), unread };
    },
  };
}

export type ChatSendRepository = ReturnType<typeof createChatSendRepository>;
