import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SafetyCategory } from '../../../contract/safety';
import type { Executor } from '../client';
import { textFlags } from '../schema/index';

/**
 * Profile texts held back for review (issue 32): the member's new text waits in the profile's
 * open text flag (`pending_about`) while the profile keeps showing its previous text.
 */
export function createHeldTextsRepository(db: Executor) {
  const open = (profileId: number) => and(eq(textFlags.profileId, profileId), isNull(textFlags.resolvedAt));
  return {
    /** Holds `text` for review; a profile already waiting (held or reported) gets the newer text on its one open flag. */
    async hold(values: { profileId: number; text: string; signals: SafetyCategory[]; at: Date }): Promise<void> {
      await db
        .insert(textFlags)
        .values({ profileId: values.profileId, reportId: null, createdAt: values.at, pendingAbout: values.text, signals: values.signals })
        .onConflictDoUpdate({
          target: textFlags.profileId,
          targetWhere: sql`${textFlags.resolvedAt} is null`,
          set: { pendingAbout: values.text, signals: values.signals },
        });
    },

    /**
     * The member saved a text that needs no review: a flag that only held their earlier text goes,
     * and a reported profile's flag stays about the live text.
     */
    async release(profileId: number): Promise<void> {
      await db.delete(textFlags).where(and(open(profileId), isNull(textFlags.reportId), isNotNull(textFlags.pendingAbout)));
      await db
        .update(textFlags)
        .set({ pendingAbout: null, signals: [] })
        .where(and(open(profileId), isNotNull(textFlags.pendingAbout)));
    },

    /** The member's own text still waiting for review, or null. */
    async findPending(profileId: number): Promise<string | null> {
      const [row] = await db.select({ text: textFlags.pendingAbout }).from(textFlags).where(open(profileId)).limit(1);
      return row?.text ?? null;
    },
  };
}

export type HeldTextsRepository = ReturnType<typeof createHeldTextsRepository>;
