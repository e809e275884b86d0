import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  fictionalClaims,
  fictionalConfirmations,
  fictionalProfiles,
  messages,
  profiles,
  users,
  type FictionalClaimRow,
  type MessageRow,
  type NewProfileRow,
  type ProfileRow,
} from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

/** A fictional profile as the console shows and edits it. */
export interface FictionalProfileRecord {
  id: number;
  siteId: number;
  name: string;
  gender: ProfileRow['gender'];
  seeking: ProfileRow['seeking'];
  dateOfBirth: string;
  country: string;
  city: string | null;
  about: string;
  status: ProfileRow['status'];
  /** The person is 18 or older today, by the database's visibility rule (migration 0034); a profile saved under 18 before the age rule is not. */
  adult: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type FictionalProfileFields = Pick<NewProfileRow, 'name' | 'gender' | 'seeking' | 'dateOfBirth' | 'country' | 'city' | 'about' | 'status'>;

/** A conversation with a fictional profile that waits for a host's answer. */
export interface WaitingConversation {
  conversationId: number;
  fictionalId: number;
  fictionalName: string;
  memberId: number;
  memberName: string;
  siteId: number;
  unread: number;
  /** The oldest message not answered yet. */
  waitingSince: Date;
  lastBody: string;
  claimedBy: number | null;
  claimExpiresAt: Date | null;
}

/** The two sides of a conversation with a fictional profile. */
export interface FictionalConversation {
  conversationId: number;
  fictionalId: number;
  memberId: number;
  siteId: number;
  /** The member's page language: hosts' canned replies are offered in it first. */
  memberLanguage: string;
}

/** A member's public profile, for the host answering them. */
export interface HostMemberRow {
  id: number;
  name: string;
  gender: ProfileRow['gender'];
  dateOfBirth: string;
  country: string;
  city: string | null;
  about: string;
  interests: string[];
  photoThumb: string | null;
}

export const FICTIONAL_SORTS = ['id', 'name', 'updated_at'] as const;
export type FictionalSort = (typeof FICTIONAL_SORTS)[number];

const profileColumns = {
  id: users.id,
  siteId: users.siteId,
  name: profiles.name,
  gender: profiles.gender,
  seeking: profiles.seeking,
  dateOfBirth: profiles.dateOfBirth,
  country: profiles.country,
  city: profiles.city,
  about: profiles.about,
  status: profiles.status,
  adult: sql<boolean>`profile_is_adult(${profiles.dateOfBirth})`,
  version: fictionalProfiles.version,
  createdAt: fictionalProfiles.createdAt,
  updatedAt: fictionalProfiles.updatedAt,
};

/** Fictional profiles, the hosts' inbox and claims, and members' confirmations of the warning. */
export function createFictionalRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const selectProfiles = () =>
    db
      .select(profileColumns)
      .from(fictionalProfiles)
      .innerJoin(users, eq(users.id, fictionalProfiles.profileId))
      .innerJoin(profiles, eq(profiles.id, fictionalProfiles.profileId));

  return {
    /**
     * A new fictional member: an account nobody can sign in to (no usable password, an address
     * under `.invalid`), always `is_fictional`, and its console record.
     */
    async insertProfile(siteId: number, fields: FictionalProfileFields, createdBy: number | null, now: Date): Promise<number> {
      const [user] = await db
        .insert(users)
        .values({
          siteId,
          email: `fictional-${crypto.randomUUID()}@fictional.invalid`,
          passwordHash: '!',
          status: 'active',
          isFictional: true,
          createdAt: now,
          lastActiveAt: now,
        })
        .returning({ id: users.id });
      await db.insert(profiles).values({ id: user.id, ...fields, lastActiveAt: now });
      await db.insert(fictionalProfiles).values({ profileId: user.id, createdBy, createdAt: now, updatedAt: now });
      return user.id;
    },

    async findProfile(id: number): Promise<FictionalProfileRecord | null> {
      const [row] = await selectProfiles().where(eq(fictionalProfiles.profileId, id)).limit(1);
      return row ?? null;
    },

    /** Holds the profile's console record until the transaction ends (read-check-write edits). */
    async lockProfile(id: number): Promise<FictionalProfileRecord | null> {
      const [row] = await selectProfiles().where(eq(fictionalProfiles.profileId, id)).for('update', { of: fictionalProfiles }).limit(1);
      return row ?? null;
    },

    /** Changes the profile's fields and bumps its version; `is_fictional` is not among them. */
    async updateProfile(id: number, fields: Partial<FictionalProfileFields>, now: Date): Promise<void> {
      if (Object.keys(fields).length) await db.update(profiles).set(fields).where(eq(profiles.id, id));
      await db
        .update(fictionalProfiles)
        .set({ updatedAt: now, version: sql`${fictionalProfiles.version} + 1` })
        .where(eq(fictionalProfiles.profileId, id));
    },

    /**
     * One page of fictional profiles of the allowed sites (null: every site), one row more than
     * asked, to tell whether another page follows.
     */
    async listProfiles(sites: SiteIdFilter, sort: FictionalSort, dir: 'asc' | 'desc', offset: number, limit: number): Promise<FictionalProfileRecord[]> {
      const column = { id: users.id, name: profiles.name, updated_at: fictionalProfiles.updatedAt }[sort];
      const order = dir === 'asc' ? sql`${column} asc, ${users.id} asc` : sql`${column} desc, ${users.id} desc`;
      return selectProfiles().where(siteCondition(users.siteId, sites)).orderBy(order).offset(offset).limit(limit);
    },

    /**
     * Conversations in which a member's messages to a fictional profile wait for an answer (the
     * fictional side's unread count, which an answer clears), the longest-waiting first. Read
     * from the fictional profiles' side, so the query touches their conversations only; only the
     * profiles of the allowed sites (null: every site).
     */
    async waiting(sites: SiteIdFilter, offset: number, limit: number): Promise<WaitingConversation[]> {
      const ofSites = siteCondition(sql`f.site_id`, sites);
      const rows = await rowsOf<Omit<WaitingConversation, 'waitingSince' | 'claimExpiresAt'> & { waitingSince: string; claimExpiresAt: string | null }>(sql`
        select c.id as "conversationId", f.id as "fictionalId", fp.name as "fictionalName", mu.id as "memberId", mp.name as "memberName",
               f.site_id as "siteId", s.unread_count as "unread", w.since as "waitingSince", coalesce(w.body, '') as "lastBody",
               cl.staff_id as "claimedBy", cl.expires_at as "claimExpiresAt"
        from users f
        join conversation_states s on s.user_id = f.id and s.unread_count > 0
        join conversations c on c.id = s.conversation_id
        join users mu on mu.id = case when c.member_a = f.id then c.member_b else c.member_a end and mu.status <> 'deleted'
        join profiles fp on fp.id = f.id
        join profiles mp on mp.id = mu.id
        cross join lateral (
          select min(m.created_at) as since,
                 (select m2.body from messages m2 where m2.conversation_id = c.id order by m2.id desc limit 1) as body
          from messages m where m.conversation_id = c.id and m.sender_id = mu.id and m.read_at is null) w
        left join fictional_claims cl on cl.conversation_id = c.id
        where f.is_fictional ${ofSites ? sql`and ${ofSites}` : sql``}
        order by w.since asc nulls last, c.id asc
        offset ${offset} limit ${limit}`);
      return rows.map((row) => ({
        ...row,
        waitingSince: new Date(row.waitingSince),
        claimExpiresAt: row.claimExpiresAt === null ? null : new Date(row.claimExpiresAt),
      }));
    },

    /** The conversation's two sides, when one of them is a fictional profile. */
    async findConversation(conversationId: number): Promise<FictionalConversation | null> {
      const [row] = await rowsOf<FictionalConversation>(sql`
        select c.id as "conversationId", f.id as "fictionalId", m.id as "memberId", f.site_id as "siteId", m.language as "memberLanguage"
        from conversations c
        join users a on a.id = c.member_a
        join users b on b.id = c.member_b
        cross join lateral (select case when a.is_fictional then a.id else b.id end as fid, case when a.is_fictional then b.id else a.id end as mid) pick
        join users f on f.id = pick.fid
        join users m on m.id = pick.mid
        where c.id = ${conversationId} and f.is_fictional and not m.is_fictional`);
      return row ?? null;
    },

    /** The member's public profile as a host sees it: no e-mail, credits or payment data are even read. */
    async memberProfile(memberId: number): Promise<HostMemberRow | null> {
      const [row] = await rowsOf<HostMemberRow>(sql`
        select p.id, p.name, p.gender, p.date_of_birth as "dateOfBirth", p.country, p.city, p.about, p.interests, ph.thumb_filename as "photoThumb"
        from profiles p
        left join photos ph on ph.id = p.main_photo_id and ph.user_id = p.id and ph.status = 'active'
        where p.id = ${memberId}`);
      return row ?? null;
    },

    /** The conversation so far, newest first from `beforeId` (exclusive). */
    async history(conversationId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), beforeId === null ? undefined : lt(messages.id, beforeId)))
        .orderBy(sql`${messages.id} desc`)
        .limit(limit);
    },

    /**
     * Takes the conversation for `staffId` in one statement: when nobody holds it, when the
     * claim lapsed, or when it is already theirs (then it is renewed). Null when another host
     * holds it — two hosts racing for it cannot both get it.
     */
    async claim(conversationId: number, staffId: number, now: Date, expiresAt: Date): Promise<FictionalClaimRow | null> {
      const [row] = await db
        .insert(fictionalClaims)
        .values({ conversationId, staffId, claimedAt: now, expiresAt })
        .onConflictDoUpdate({
          target: fictionalClaims.conversationId,
          set: {
            staffId,
            expiresAt,
            claimedAt: sql`case when ${fictionalClaims.staffId} = ${staffId} then ${fictionalClaims.claimedAt} else ${now.toISOString()}::timestamptz end`,
          },
          setWhere: sql`${fictionalClaims.staffId} = ${staffId} or ${fictionalClaims.expiresAt} <= ${now.toISOString()}::timestamptz`,
        })
        .returning();
      return row ?? null;
    },

    async findClaim(conversationId: number): Promise<FictionalClaimRow | null> {
      const [row] = await db.select().from(fictionalClaims).where(eq(fictionalClaims.conversationId, conversationId)).limit(1);
      return row ?? null;
    },

    /** Gives the conversation back; only its holder can. True when a claim was released. */
    async release(conversationId: number, staffId: number): Promise<boolean> {
      const rows = await db
        .delete(fictionalClaims)
        .where(and(eq(fictionalClaims.conversationId, conversationId), eq(fictionalClaims.staffId, staffId)))
        .returning({ id: fictionalClaims.conversationId });
      return rows.length > 0;
    },

    /** Remembers that the member confirmed the warning for this profile (once; a repeat changes nothing). */
    async confirm(memberId: number, profileId: number, now: Date): Promise<void> {
      await db.insert(fictionalConfirmations).values({ memberId, profileId, confirmedAt: now }).onConflictDoNothing();
    },

    async hasConfirmed(memberId: number, profileId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fictionalConfirmations.profileId })
        .from(fictionalConfirmations)
        .where(and(eq(fictionalConfirmations.memberId, memberId), eq(fictionalConfirmations.profileId, profileId)))
        .limit(1);
      return !!row;
    },
  };
}

export type FictionalRepository = ReturnType<typeof createFictionalRepository>;
