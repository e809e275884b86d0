import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { staff, staffInvitations, staffSessions, type NewStaffRow, type StaffRow } from '../schema/index';

/** Staff accounts, their invitations and their console sessions. */
export function createStaffRepository(db: Executor) {
  return {
    async insert(values: NewStaffRow): Promise<StaffRow> {
      const [row] = await db.insert(staff).values(values).returning();
      return row;
    },
    async findById(id: number): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
      return row ?? null;
    },
    async findByEmail(email: string): Promise<StaffRow | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(sql`lower(${staff.email}) = lower(${email})`)
        .limit(1);
      return row ?? null;
    },
    /** Holds the row until the transaction ends, for read-check-write changes. */
    async lock(id: number): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
      return row ?? null;
    },
    /** Changes a row and bumps its version; returns the new row. */
    async update(id: number, values: Partial<NewStaffRow>): Promise<StaffRow> {
      const [row] = await db
        .update(staff)
        .set({ ...values, version: sql`${staff.version} + 1` })
        .where(eq(staff.id, id))
        .returning();
      return row;
    },
    /**
     * A staff member's own console language. The version stays: it guards owners' edits of
     * role, status and limits, which a person's language choice must not turn into a conflict.
     */
    async setConsoleLanguage(id: number, language: StaffRow['consoleLanguage']): Promise<StaffRow | null> {
      const [row] = await db.update(staff).set({ consoleLanguage: language }).where(eq(staff.id, id)).returning();
      return row ?? null;
    },
    /** Deletes an account that never accepted its invitation (its links go with it); false when it is not (or no longer) invited. */
    async deleteInvited(id: number): Promise<boolean> {
      const rows = await db
        .delete(staff)
        .where(and(eq(staff.id, id), eq(staff.status, 'invited')))
        .returning({ id: staff.id });
      return rows.length > 0;
    },
    async list(): Promise<StaffRow[]> {
      return db.select().from(staff).orderBy(asc(staff.id));
    },
    async countActiveOwners(): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.status, 'active')));
      return row.value;
    },
    /**
     * Accepts a TOTP code's time step once: only when it is later than the last one accepted, in
     * one conditional update, so two requests with the same code cannot both get in.
     */
    async acceptTotpStep(id: number, step: number, now: Date): Promise<StaffRow | null> {
      const [row] = await db
        .update(staff)
        .set({ totpLastStep: step, lastLoginAt: now })
        .where(and(eq(staff.id, id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
        .returning();
      return row ?? null;
    },
    /** Uses up a recovery code (by its hash) if the member still has it; null when not. */
    async useRecoveryCode(id: number, codeHash: string, now: Date): Promise<StaffRow | null> {
      const [row] = await db
        .update(staff)
        .set({ recoveryCodeHashes: sql`${staff.recoveryCodeHashes} - ${codeHash}::text`, lastLoginAt: now })
        .where(and(eq(staff.id, id), sql`${staff.recoveryCodeHashes} @> jsonb_build_array(${codeHash}::text)`))
        .returning();
      return row ?? null;
    },

    async insertInvitation(values: typeof staffInvitations.$inferInsert): Promise<void> {
      await db.insert(staffInvitations).values(values);
    },
    async findLiveInvitation(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(staffInvitations)
        .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    /** Uses up a live invitation; null when it is unknown, used or expired. */
    async consumeInvitation(tokenHash: string, now: Date) {
      const [row] = await db
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)))
        .returning();
      return row ?? null;
    },
    /** Retires a member's earlier invitations when a new one is sent. */
    async revokeInvitations(staffId: number, now: Date): Promise<void> {
      await db
        .update(staffInvitations)
        .set({ usedAt: now })
        .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
    },

    async insertSession(values: typeof staffSessions.$inferInsert): Promise<void> {
      await db.insert(staffSessions).values(values);
    },
    /** A live session with its staff member, or null. */
    async findSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: staffSessions, member: staff })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },
    async markSessionVerified(tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.update(staffSessions).set({ verifiedAt: now, expiresAt }).where(eq(staffSessions.tokenHash, tokenHash));
    },
    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
    },
    async deleteSessionsOf(staffId: number): Promise<void> {
      await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
