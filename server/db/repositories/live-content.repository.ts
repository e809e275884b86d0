import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { photos, profiles, textFlags, type PhotoRow } from '../schema/index';

/**
 * What others see of a member, for taking it down (issue 32): any photo whatever its status,
 * and the profile text. Each lock holds the row until the transaction ends, so a moderator's
 * removal and the member's own edit take turns.
 */
export function createLiveContentRepository(db: Executor) {
  return {
    async lockPhoto(photoId: number): Promise<PhotoRow | null> {
      const [row] = await db.select().from(photos).where(eq(photos.id, photoId)).for('update').limit(1);
      return row ?? null;
    },

    /** The profile's text, its row locked; null when there is no such profile. */
    async lockAbout(profileId: number): Promise<string | null> {
      const [row] = await db.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, profileId)).for('update').limit(1);
      return row ? row.about : null;
    },

    async clearAbout(profileId: number): Promise<void> {
      await db.update(profiles).set({ about: '' }).where(eq(profiles.id, profileId));
    },

    /** Closes the profile's open text flag, if any, with the same outcome: the queue need not look again. */
    async closeOpenFlag(profileId: number, values: { resolvedAt: Date; resolvedBy: number | null; reason: string }): Promise<void> {
      await db
        .update(textFlags)
        .set({ ...values, outcome: 'removed' })
        .where(and(eq(textFlags.profileId, profileId), isNull(textFlags.resolvedAt)));
    },
  };
}
