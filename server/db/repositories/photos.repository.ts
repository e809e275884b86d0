import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { photos, profiles, type PhotoRow } from '../schema/index';

/** A member's own photos; every statement names the owner, so no one touches another's. */
export function createPhotosRepository(db: Executor) {
  return {
    async countKept(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(photos)
        .where(and(eq(photos.userId, userId), ne(photos.status, 'rejected')));
      return row.n;
    },

    /** Adds a photo at the end; it becomes the main photo when the member has none. */
    /** The photo an upload with this idempotency key stored, if any. */
    async findByClientId(userId: number, clientId: string): Promise<PhotoRow | null> {
      const [photo] = await db
        .select()
        .from(photos)
        .where(and(eq(photos.userId, userId), eq(photos.clientId, clientId)));
      return photo ?? null;
    },

    async insert(
      userId: number,
      values: { filename: string; thumbFilename: string; status: PhotoRow['status']; createdAt: Date; clientId?: string },
    ): Promise<PhotoRow> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`select coalesce(max(position) + 1, 0)::int as next from photos where user_id = ${userId}`);
        const [{ next }] = (result as unknown as { rows: { next: number }[] }).rows;
        const [photo] = await tx
          .insert(photos)
          .values({ userId, ...values, position: next })
          .returning();
        await tx
          .update(profiles)
          .set({ mainPhotoId: photo.id })
          .where(and(eq(profiles.id, userId), sql`${profiles.mainPhotoId} is null`));
        return photo;
      });
    },

    async find(userId: number, photoId: number): Promise<PhotoRow | null> {
      const [row] = await db
        .select()
        .from(photos)
        .where(and(eq(photos.userId, userId), eq(photos.id, photoId)))
        .limit(1);
      return row ?? null;
    },

    /** Deletes the photo; if it was the main one, the next photo takes its place. */
    async delete(userId: number, photoId: number): Promise<PhotoRow | null> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(photos)
          .where(and(eq(photos.userId, userId), eq(photos.id, photoId)))
          .returning();
        if (!removed) return null;
        await tx.execute(sql`update profiles set main_photo_id = (
            select id from photos where user_id = ${userId} and status <> 'rejected' order by position, id limit 1)
          where id = ${userId} and (main_photo_id = ${photoId} or main_photo_id is null)`);
        return removed;
      });
    },

    /** Whether any other photo row uses the file (demo members share generated avatars). */
    async isFileShared(filename: string, exceptPhotoId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(photos)
        .where(and(ne(photos.id, exceptPhotoId), sql`(${photos.filename} = ${filename} or ${photos.thumbFilename} = ${filename})`));
      return row.n > 0;
    },

    async setMain(userId: number, photoId: number): Promise<boolean> {
      const photo = await this.find(userId, photoId);
      if (!photo || photo.status === 'rejected') return false;
      await db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, userId));
      return true;
    },

    /** Orders the member's photos as listed; ids that are not theirs are ignored. */
    async reorder(userId: number, orderedIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [position, id] of orderedIds.entries()) {
          await tx
            .update(photos)
            .set({ position })
            .where(and(eq(photos.userId, userId), eq(photos.id, id)));
        }
      });
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
