import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { preparedOnce } from '../prepared';
import { createSignupFirstMessagesRepository } from './signup-first-messages.repository';
import {
  accountDeletions,
  conversations,
  likes,
  photos,
  profiles,
  sessions,
  users,
  type NewProfileRow,
  type NewUserRow,
  type PhotoRow,
  type ProfileRow,
  type UserRow,
} from '../schema/index';

export interface AccountRecord {
  user: UserRow;
  profile: ProfileRow;
  mainPhoto: PhotoRow | null;
}

/** Accounts: a member's own user row with their profile. Every query names the member. */
export function createUsersRepository(db: Executor) {
  // The member's account with profile and main photo: read for every member's page (ADR 0079).
  const findAccountById = preparedOnce(() =>
    db
      .select({ user: users, profile: profiles, mainPhoto: photos })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, users.id)))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('rdv_users_find_account'),
  );
  // A signed-in member's page: their live session and account in one statement (issue 36).
  const findAccountBySessionHash = preparedOnce(() =>
    db
      .select({ userId: sessions.userId, user: users, profile: profiles, mainPhoto: photos })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, users.id)))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('rdv_users_find_account_by_session'),
  );
  return {
    async findByEmail(siteId: number, email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = lower(${email})`))
        .limit(1);
      return row ?? null;
    },

    /** Holds the member's row until the transaction ends. */
    async lockForUpdate(userId: number): Promise<void> {
      await db.execute(sql`select 1 from users where id = ${userId} for update`);
    },

    /** The first completed purchase makes the member premium; the first payment's time stays. */
    async markPaid(userId: number, at: Date): Promise<void> {
      await db
        .update(users)
        .set({ paidUser: true, paidAt: sql`coalesce(${users.paidAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(users.id, userId));
    },

    async findById(userId: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    async findAccount(userId: number): Promise<AccountRecord | null> {
      const [row] = await findAccountById().execute({ userId });
      return row ?? null;
    },

    /**
     * The member of a live session (null: no such session, or it expired) with their account
     * (null if the account row is gone), as `sessions.findUserId` and `findAccount` would answer.
     */
    async findAccountBySession(tokenHash: string, now: Date): Promise<{ userId: number; account: AccountRecord | null } | null> {
      const [row] = await findAccountBySessionHash().execute({ tokenHash, now });
      if (!row) return null;
      const { userId, user, profile, mainPhoto } = row;
      return { userId, account: user && profile ? { user, profile, mainPhoto } : null };
    },

    /**
     * Creates the account and its profile together, with what the caller writes for the new
     * account in the same transaction (`within`: the welcome credits) and, when given, the
     * first message to the profile it signed up from (kept only if that profile is visible;
     * `firstMessageKept` says whether it was).
     */
    async insertWithProfile(
      user: NewUserRow,
      profile: Omit<NewProfileRow, 'id'>,
      within: (tx: Executor, userId: number) => Promise<void>,
      at: Date,
      firstMessage?: { targetUserId: number; body: string },
    ): Promise<UserRow & { firstMessageKept: boolean }> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ ...user, credits: 0 })
          .returning();
        await tx.insert(profiles).values({ ...profile, id: created.id });
        await within(tx, created.id);
        const firstMessageKept = firstMessage
          ? await createSignupFirstMessagesRepository(tx).keepIfTargetVisible({ userId: created.id, ...firstMessage, at })
          : false;
        return { ...created, firstMessageKept };
      });
    },

    async recordLogin(userId: number, at: Date): Promise<void> {
      await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
    },

    async update(
      userId: number,
      values: Partial<
        Pick<
          UserRow,
          | 'language'
          | 'passwordHash'
          | 'email'
          | 'status'
          | 'isInvisible'
          | 'deletedAt'
          | 'lastActiveAt'
          | 'notificationsDisabled'
          | 'emailNotificationsOff'
          | 'pushNotificationsOff'
        >
      >,
    ) {
      await db.update(users).set(values).where(eq(users.id, userId));
    },

    /** Marks the account deleted as of `at`; returns it as it is now. */
    async markDeleted(userId: number, at: Date): Promise<UserRow> {
      const [row] = await db.update(users).set({ status: 'deleted', deletedAt: at }).where(eq(users.id, userId)).returning();
      return row;
    },

    async recordDeletionReason(siteId: number, reason: string, details: string | undefined, at: Date): Promise<void> {
      await db.insert(accountDeletions).values({ siteId, reason, details, createdAt: at });
    },

    /** Photo files of a member that no other photo row shares (demo members share avatars). */
    async listUnsharedPhotoFiles(userId: number): Promise<string[]> {
      const rows = await db.execute<{ file: string }>(sql`
        select f.file from (
          select filename as file from ${photos} where user_id = ${userId}
          union select thumb_filename from ${photos} where user_id = ${userId}) f
        where not exists (
          select 1 from ${photos} p where p.user_id <> ${userId} and (p.filename = f.file or p.thumb_filename = f.file))`);
      return (rows as unknown as { rows: { file: string }[] }).rows.map((row) => row.file);
    },

    /** The members whose tabs show this one: their conversation partners, and who liked them or was liked. */
    async listAcquaintanceIds(userId: number): Promise<number[]> {
      const rows = await db.execute<{ id: number }>(sql`
        select member_b as id from ${conversations} where member_a = ${userId}
        union select member_a from ${conversations} where member_b = ${userId}
        union select liked_id from ${likes} where liker_id = ${userId}
        union select liker_id from ${likes} where liked_id = ${userId}`);
      return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    },

    /** Deletes the account; profile, photos, sessions and links go with it, ledger rows stay anonymous. */
    async deleteForGood(userId: number): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },

    async updateProfile(userId: number, values: Partial<Omit<ProfileRow, 'id'>>) {
      await db.update(profiles).set(values).where(eq(profiles.id, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
