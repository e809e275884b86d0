import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { photos, users } from '../schema/index';

/** The site a member signed up on, for the console's site limits (ADR 0060); null when there is no such member. */
export async function findMemberSiteId(db: Executor, memberId: number): Promise<number | null> {
  const [row] = await db.select({ siteId: users.siteId }).from(users).where(eq(users.id, memberId)).limit(1);
  return row?.siteId ?? null;
}

/** The site of the member a photo belongs to; null when there is no such photo. */
export async function findPhotoSiteId(db: Executor, photoId: number): Promise<number | null> {
  const [row] = await db.select({ siteId: users.siteId }).from(photos).innerJoin(users, eq(users.id, photos.userId)).where(eq(photos.id, photoId)).limit(1);
  return row?.siteId ?? null;
}
