import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';
import type { Executor } from '../client';
import { emailDomainOf, tracedIdsOf, type TraceSearchTerm } from './member-trace-search';
import { createSitesRepository } from './sites.repository';
import {
  conversationStates,
  conversations,
  creditLedger,
  messages,
  photos,
  profiles,
  sepaMandates,
  sessions,
  sites,
  users,
  type UserRow,
} from '../schema/index';

/** What the console's member search looks for; the domain decides which from the typed text. */
export type MemberSearchTerm = { kind: 'id'; id: number } | PrefixTerm | TraceSearchTerm;
type PrefixTerm = { kind: 'email'; prefix: string } | { kind: 'name_or_email'; prefix: string };
/** Terms that may match very many members, counted before choosing how to find the page. */
type BroadTerm = PrefixTerm | Extract<TraceSearchTerm, { kind: 'email_domain' }>;
export type MemberStatusFilter = 'active' | 'not_confirmed' | 'deleted' | 'banned';

export interface MemberSearch {
  term?: MemberSearchTerm;
  /** The sites searched (ADR 0060): null for every site. */
  sites?: SiteIdFilter;
  status?: MemberStatusFilter;
  sort: 'id' | 'created_at';
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface MemberListRow {
  id: number;
  siteId: number;
  siteName: string;
  email: string;
  name: string;
  status: UserRow['status'];
  bannedAt: Date | null;
  credits: number;
  paidUser: boolean;
  isFictional: boolean;
  createdAt: Date;
  lastActiveAt: Date;
}

/**
 * A text prefix as an index range: `lower(col) ~>=~ lower(p)` and below `lower(p)` followed by
 * the highest code point. The `text_pattern_ops` indexes of migrations 0012 and 0013 answer it byte-wise,
 * whatever the plan (a LIKE with a parameter cannot use them in a generic plan), and `%` or `_`
 * in what staff typed are plain characters.
 */
function prefixOf(column: SQL, prefix: string): SQL {
  return sql`(lower(${column}) ~>=~ lower(${prefix}) and lower(${column}) ~<~ (lower(${prefix}) || chr(1114111)))`;
}

/** More matches than this are "many": the page is found by walking the sort order instead. */
const CANDIDATE_CAP = 5000;

/** The ids a text term can match, each from its own index: a name prefix, an e-mail prefix or domain. */
function candidatesOf(term: BroadTerm): SQL {
  if (term.kind === 'email_domain') return sql`select ${users.id} from ${users} where ${emailDomainOf(term.domain)}`;
  const byEmail = sql`select ${users.id} from ${users} where ${prefixOf(sql`${users.email}`, term.prefix)}`;
  if (term.kind === 'email') return byEmail;
  // Union all: a member matching twice counts twice towards the cap, and `in` needs no distinct rows.
  return sql`select ${profiles.id} from ${profiles} where ${prefixOf(sql`${profiles.name}`, term.prefix)} union all ${byEmail}`;
}

/** The same term as a filter on a users row (joined to its profile for a name), for walking the sort order. */
function matchesOf(term: BroadTerm): SQL {
  if (term.kind === 'email_domain') return emailDomainOf(term.domain);
  const byEmail = prefixOf(sql`${users.email}`, term.prefix);
  if (term.kind === 'email') return byEmail;
  // On users joined to profiles row by row (an `exists` here is planned as a hash of every match).
  return sql`(${byEmail} or ${prefixOf(sql`${profiles.name}`, term.prefix)})`;
}

function isTraced(term: Exclude<MemberSearchTerm, { kind: 'id' }>): term is Exclude<TraceSearchTerm, { kind: 'email_domain' }> {
  return term.kind === 'ip' || term.kind === 'iban' || term.kind === 'phone' || term.kind === 'payment';
}

/** The console's reads and writes of members' accounts (issue 16). Every write takes the caller's transaction. */
export function createMemberAdminRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    /**
     * One page of the member search, newest first by default. Every filter has its index
     * (migrations 0012, 0013), the order is an indexed column with the id as tie-breaker, and the page
     * reads `limit` rows (one more than shown): no count over the table.
     */
    async search(query: MemberSearch): Promise<MemberListRow[]> {
      const where: SQL[] = [];
      const { term } = query;
      let few = false;
      if (term?.kind === 'id') where.push(sql`${users.id} = ${term.id}`);
      else if (term && isTraced(term)) {
        // An IP, IBAN, phone or payment id belongs to a handful of accounts: fetched whole.
        few = true;
        where.push(sql`${users.id} in (${tracedIdsOf(term)})`);
      } else if (term) {
        // A bounded count (never more than CANDIDATE_CAP + 1 index entries): few matches are
        // fetched whole from their indexes and sorted; many are found by walking the sort order
        // with the term as a filter, where they are dense enough to fill a page quickly.
        const counted = await rowsOf<{ n: number }>(sql`select count(*)::int as n from (${candidatesOf(term)} limit ${CANDIDATE_CAP + 1}) c`);
        few = counted[0].n <= CANDIDATE_CAP;
        where.push(few ? sql`${users.id} in (${candidatesOf(term)})` : matchesOf(term));
      }
      const onSites = siteCondition(users.siteId, query.sites ?? null);
      if (onSites) where.push(onSites);
      if (query.status === 'banned') where.push(sql`${users.bannedAt} is not null`);
      else if (query.status) where.push(sql`${users.status} = ${query.status} and ${users.bannedAt} is null`);
      const dir = sql.raw(query.dir === 'asc' ? 'asc' : 'desc');
      const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
      const window = sql`limit ${query.limit} offset ${query.offset}`;
      // First the page's ids, from users alone: a deep page skips index entries, not joined rows.
      // `offset 0` keeps the planner from walking the whole sort order for a handful of matches.
      const ids = (
        await rowsOf<{ id: number }>(
          few
            ? sql`select id from (select ${users.id} as id, ${users.createdAt} as created_at from ${users} ${filter} offset 0) m
                  order by ${query.sort === 'created_at' ? sql`created_at ${dir}, id ${dir}` : sql`id ${dir}`} ${window}`
            : sql`select ${users.id} as id from ${users} ${term?.kind === 'name_or_email' ? sql`join ${profiles} on ${profiles.id} = ${users.id}` : sql``} ${filter}
                  order by ${query.sort === 'created_at' ? sql`${users.createdAt} ${dir}, ${users.id} ${dir}` : sql`${users.id} ${dir}`} ${window}`,
        )
      ).map((row) => row.id);
      if (!ids.length) return [];
      const rows = await db
        .select({
          id: users.id,
          siteId: users.siteId,
          siteName: sites.name,
          email: users.email,
          name: profiles.name,
          status: users.status,
          bannedAt: users.bannedAt,
          credits: users.credits,
          paidUser: users.paidUser,
          isFictional: users.isFictional,
          createdAt: users.createdAt,
          lastActiveAt: users.lastActiveAt,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(inArray(users.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
    },

    /** The sites to filter by: a platform runs a handful of brands, not thousands. */
    siteOptions: () => createSitesRepository(db).names(),

    /** The member's account and profile, or null. */
    async findMember(id: number) {
      const [row] = await db
        .select({ user: users, profile: profiles, siteName: sites.name })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(eq(users.id, id));
      return row ?? null;
    },

    /** Locks the member's row for the rest of the transaction: two staff acting on one member take turns. */
    async lock(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    async setBan(id: number, ban: { bannedAt: Date; reason: string } | null): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ bannedAt: ban?.bannedAt ?? null, banReason: ban?.reason ?? null })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async update(
      id: number,
      values: Partial<Pick<UserRow, 'directDebitBlocked' | 'hiddenAt' | 'hideReason' | 'suspendedUntil' | 'suspensionReason'>>,
    ): Promise<UserRow> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    photos: (id: number, limit = 50) => db.select().from(photos).where(eq(photos.userId, id)).orderBy(asc(photos.position), asc(photos.id)).limit(limit),

    /** The member's sessions, newest first: each began with a log-in (or the sign-up). */
    sessions: (id: number, limit = 50) =>
      db
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
        .from(sessions)
        .where(eq(sessions.userId, id))
        .orderBy(desc(sessions.createdAt))
        .limit(limit),

    /** The member's conversations with their partner and message count: metadata, never text. */
    conversations: (id: number, limit = 50) =>
      db
        .select({
          id: conversations.id,
          partnerId: sql<number>`case when ${conversations.memberA} = ${id} then ${conversations.memberB} else ${conversations.memberA} end`,
          partnerName: profiles.name,
          partnerFictional: users.isFictional,
          messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id})`,
          startedBy: conversations.startedBy,
          lastMessageAt: conversations.lastMessageAt,
        })
        .from(conversations)
        .innerJoin(profiles, sql`${profiles.id} = case when ${conversations.memberA} = ${id} then ${conversations.memberB} else ${conversations.memberA} end`)
        .innerJoin(users, eq(users.id, profiles.id))
        // Both members have a state row per conversation (conversation_states_user_idx finds them).
        .where(sql`${conversations.id} in (select conversation_id from ${conversationStates} where user_id = ${id})`)
        .orderBy(desc(conversations.lastMessageAt))
        .limit(limit),

    /** One conversation of the member, or null when it is not theirs. */
    async findConversation(memberId: number, conversationId: number) {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, conversationId), sql`(${conversations.memberA} = ${memberId} or ${conversations.memberB} = ${memberId})`));
      return row ?? null;
    },

    /** A conversation's messages, newest first, `before` the id of the last one shown. */
    messages: (conversationId: number, limit: number, before?: number) =>
      db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          kind: messages.kind,
          body: messages.body,
          giftId: messages.giftId,
          creditsSpent: messages.creditsSpent,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), before ? sql`${messages.id} < ${before}` : undefined))
        .orderBy(desc(messages.id))
        .limit(limit),

    /** Direct-debit mandates, newest first, the IBAN cut to its last four characters. */
    mandates: (id: number, limit = 50) =>
      db
        .select({
          id: sepaMandates.id,
          orderId: sepaMandates.orderId,
          accountHolder: sepaMandates.accountHolder,
          ibanLast4: sql<string>`right(${sepaMandates.iban}, 4)`,
          confirmedAt: sepaMandates.confirmedAt,
          createdAt: sepaMandates.createdAt,
        })
        .from(sepaMandates)
        .where(eq(sepaMandates.userId, id))
        .orderBy(desc(sepaMandates.id))
        .limit(limit),

    /** Everything stored about the member's mandates, for their data export. */
    fullMandates: (id: number) => db.select().from(sepaMandates).where(eq(sepaMandates.userId, id)).orderBy(asc(sepaMandates.id)),

    /** The ledger for the export, oldest first, in pages. */
    ledgerPage: (id: number, afterId: number, limit: number) =>
      db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, id), sql`${creditLedger.id} > ${afterId}`))
        .orderBy(asc(creditLedger.id))
        .limit(limit),

    /** The member's own messages for their export, oldest first, in pages. */
    sentMessagesPage: (id: number, afterId: number, limit: number) =>
      db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          kind: messages.kind,
          body: messages.body,
          giftId: messages.giftId,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.senderId, id), sql`${messages.id} > ${afterId}`))
        .orderBy(asc(messages.id))
        .limit(limit),
  };
}

export type MemberAdminRepository = ReturnType<typeof createMemberAdminRepository>;
