import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { photos, profiles, reports, sites, textFlags, users, type PhotoRow, type TextFlagRow } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

/** The moderation queues: pending photos and flagged profile texts, across every site. */
export function createModerationRepository(db: Executor) {
  return {
    /** One page of pending photos, oldest first (the partial index photos_pending_idx). */
    pendingPhotos(window: { offset: number; limit: number }, allowedSites: SiteIdFilter = null) {
      return (
        db
          .select({
            id: photos.id,
            memberId: photos.userId,
            memberName: profiles.name,
            siteId: users.siteId,
            siteName: sites.name,
            filename: photos.filename,
            thumbFilename: photos.thumbFilename,
            createdAt: photos.createdAt,
          })
          .from(photos)
          .innerJoin(users, eq(users.id, photos.userId))
          .innerJoin(profiles, eq(profiles.id, photos.userId))
          .innerJoin(sites, eq(sites.id, users.siteId))
          // A deleted account (waiting out its restore window) has nothing anyone else can see.
          .where(and(eq(photos.status, 'pending'), ne(users.status, 'deleted'), siteCondition(users.siteId, allowedSites)))
          .orderBy(asc(photos.createdAt), asc(photos.id))
          .offset(window.offset)
          .limit(window.limit)
      );
    },

    /** Holds a pending photo until the transaction ends; null when it is gone or already reviewed. */
    async lockPendingPhoto(photoId: number): Promise<PhotoRow | null> {
      const [row] = await db
        .select()
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.status, 'pending')))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async photoExists(photoId: number): Promise<boolean> {
      const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).limit(1);
      return !!row;
    },

    async approvePhoto(photoId: number): Promise<void> {
      await db.update(photos).set({ status: 'active' }).where(eq(photos.id, photoId));
    },

    /** One page of open text flags, oldest first, with the text as it reads now. */
    flaggedTexts(window: { offset: number; limit: number }, allowedSites: SiteIdFilter = null) {
      return db
        .select({
          id: textFlags.id,
          memberId: textFlags.profileId,
          memberName: profiles.name,
          siteName: sites.name,
          // A held text (issue 32) is what waits for the decision, not the live one.
          about: sql<string>`coalesce(${textFlags.pendingAbout}, ${profiles.about})`,
          held: sql<boolean>`${textFlags.pendingAbout} is not null`,
          signals: textFlags.signals,
          reportId: textFlags.reportId,
          reportReason: reports.reason,
          createdAt: textFlags.createdAt,
        })
        .from(textFlags)
        .innerJoin(profiles, eq(profiles.id, textFlags.profileId))
        .innerJoin(users, eq(users.id, textFlags.profileId))
        .innerJoin(sites, eq(sites.id, users.siteId))
        .leftJoin(reports, eq(reports.id, textFlags.reportId))
        .where(and(isNull(textFlags.resolvedAt), siteCondition(users.siteId, allowedSites)))
        .orderBy(asc(textFlags.createdAt), asc(textFlags.id))
        .offset(window.offset)
        .limit(window.limit);
    },

    /** Flags a profile's text for review; a profile already waiting keeps its one open flag. */
    async flagText(values: { profileId: number; reportId: number | null; createdAt: Date }): Promise<void> {
      await db
        .insert(textFlags)
        .values(values)
        .onConflictDoNothing({ target: textFlags.profileId, where: sql`${textFlags.resolvedAt} is null` });
    },

    async lockOpenFlag(flagId: number): Promise<TextFlagRow | null> {
      const [row] = await db
        .select()
        .from(textFlags)
        .where(and(eq(textFlags.id, flagId), isNull(textFlags.resolvedAt)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async flagExists(flagId: number): Promise<boolean> {
      const [row] = await db.select({ id: textFlags.id }).from(textFlags).where(eq(textFlags.id, flagId)).limit(1);
      return !!row;
    },

    async resolveFlag(
      flagId: number,
      values: { resolvedAt: Date; resolvedBy: number | null; outcome: 'kept' | 'removed'; reason: string | null },
    ): Promise<void> {
      await db.update(textFlags).set(values).where(eq(textFlags.id, flagId));
    },

    async aboutOf(profileId: number): Promise<string> {
      const [row] = await db.select({ about: profiles.about }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return row?.about ?? '';
    },

    async clearAbout(profileId: number): Promise<void> {
      await db.update(profiles).set({ about: '' }).where(eq(profiles.id, profileId));
    },

    /** A held text a moderator kept goes live. */
    async publishAbout(profileId: number, about: string): Promise<void> {
      await db.update(profiles).set({ about }).where(eq(profiles.id, profileId));
    },

    /**
     * Queue sizes for the dashboard, for the given sites or (null) all: counts over the partial
     * indexes of the queues, so they stay cheap however many finished decisions pile up.
     */
    async queueSizes(allowedSites: SiteIdFilter = null): Promise<{ pendingPhotos: number; flaggedTexts: number; openReports: number }> {
      const ofSite = siteCondition(users.siteId, allowedSites);
      const [[photosCount], [textsCount], [reportsCount]] = await Promise.all([
        db
          .select({ n: count() })
          .from(photos)
          .innerJoin(users, eq(users.id, photos.userId))
          .where(and(eq(photos.status, 'pending'), ne(users.status, 'deleted'), ofSite)),
        db
          .select({ n: count() })
          .from(textFlags)
          .innerJoin(users, eq(users.id, textFlags.profileId))
          .where(and(isNull(textFlags.resolvedAt), ofSite)),
        db
          .select({ n: count() })
          .from(reports)
          .where(and(sql`${reports.status} in ('new', 'in_progress')`, siteCondition(reports.siteId, allowedSites))),
      ]);
      return { pendingPhotos: photosCount.n, flaggedTexts: textsCount.n, openReports: reportsCount.n };
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
