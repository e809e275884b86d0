import crypto from 'node:crypto';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Database } from '../../db/client';
import { createFictionalRepository } from '../../db/repositories/fictional.repository';
import { createPhotosRepository } from '../../db/repositories/photos.repository';
import { createProfilesRepository } from '../../db/repositories/profiles.repository';
import type { PhotoRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { ImageRejected, processUpload } from '../photos/image-processing';
import { PREMIUM_PHOTO_LIMIT } from '../profiles/own-profile.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';

/** A fictional profile's photos with the one members see first. */
export interface FictionalPhotos {
  photos: PhotoRow[];
  mainPhotoId: number | null;
}

/**
 * The photos of a fictional profile, added and removed in the console. An upload is re-encoded
 * exactly like a member's (EXIF and GPS stripped, WebP, a thumbnail) and goes live at once: the
 * team that runs the profile chose it. At most as many as a premium member keeps; each change is
 * audited in the transaction that makes it. A failed upload leaves no file and no row behind.
 * The photos follow their profile's site: staff limited to other sites (ADR 0060) find none.
 */
export function createFictionalPhotosService(deps: { db: Database; storage: MediaStorage; audit: AuditService; clock: Clock }) {
  const { db, storage, audit, clock } = deps;

  /** The profile's photos; a profile of a site outside `scope` is not found, before anything else is read. */
  async function list(profileId: number, scope: SiteScope): Promise<FictionalPhotos> {
    const profiles = createProfilesRepository(db);
    const fictional = await createFictionalRepository(db).findProfile(profileId);
    if (fictional) assertSiteAllowed(scope, fictional.siteId);
    const profile = fictional && (await profiles.findProfile(profileId));
    if (!profile) throw new AppError('not_found');
    return { photos: await profiles.listPhotos(profileId, { activeOnly: false }), mainPhotoId: profile.mainPhotoId };
  }

  return {
    list,

    async add(actor: StaffActor, profileId: number, data: Buffer, declaredType: string): Promise<FictionalPhotos> {
      const scope = scopeOfActor(actor);
      const { photos } = await list(profileId, scope);
      if (photos.length >= PREMIUM_PHOTO_LIMIT) throw new AppError('photo_limit_reached', { params: { limit: PREMIUM_PHOTO_LIMIT } });
      const image = await processUpload(data, declaredType).catch((error: unknown) => {
        if (error instanceof ImageRejected) throw new AppError(error.problem, { detail: error.message });
        throw error;
      });
      // Random names, as for members: an address reveals nothing and cannot be guessed from another.
      const name = crypto.randomBytes(16).toString('hex');
      const files = { filename: `${name}.webp`, thumbFilename: `${name}-thumb.webp` };
      await storage.write(`photos/${files.filename}`, image.large, 'image/webp');
      await storage.write(`photos/${files.thumbFilename}`, image.thumb, 'image/webp');
      try {
        await db.transaction(async (tx) => {
          const photo = await createPhotosRepository(tx).insert(profileId, { ...files, status: 'active', createdAt: clock.now() });
          await audit.record(tx, actor, { action: 'fictional.photo_add', targetType: 'profile', targetId: profileId, after: { photo_id: photo.id } });
        });
      } catch (error) {
        await storage.remove(`photos/${files.filename}`);
        await storage.remove(`photos/${files.thumbFilename}`);
        throw error;
      }
      return list(profileId, scope);
    },

    async remove(actor: StaffActor, profileId: number, photoId: number): Promise<FictionalPhotos> {
      const scope = scopeOfActor(actor);
      await list(profileId, scope);
      const removed = await db.transaction(async (tx) => {
        const row = await createPhotosRepository(tx).delete(profileId, photoId);
        if (!row) throw new AppError('not_found');
        await audit.record(tx, actor, { action: 'fictional.photo_remove', targetType: 'profile', targetId: profileId, before: { photo_id: row.id } });
        return row;
      });
      const photos = createPhotosRepository(db);
      for (const file of [removed.filename, removed.thumbFilename]) {
        if (!(await photos.isFileShared(file, removed.id))) await storage.remove(`photos/${file}`);
      }
      return list(profileId, scope);
    },
  };
}

export type FictionalPhotosService = ReturnType<typeof createFictionalPhotosService>;
