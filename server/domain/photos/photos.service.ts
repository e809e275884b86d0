import crypto from 'node:crypto';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { PhotosRepository } from '../../db/repositories/photos.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '../profiles/own-profile.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { ImageRejected, processUpload } from './image-processing';

/**
 * A member's photos: upload (re-encoded, within the free/premium limit), delete, main photo
 * and order. A failed upload leaves no file and no row behind.
 */
export function createPhotosService(deps: { photos: PhotosRepository; users: UsersRepository; storage: MediaStorage; clock: Clock }) {
  const { photos, users, storage, clock } = deps;

  async function removeFiles(files: string[], photoId: number) {
    for (const file of files) {
      if (!(await photos.isFileShared(file, photoId))) await storage.remove(`photos/${file}`);
    }
  }

  return {
    /**
     * Stores a photo. `clientId` is the upload's idempotency key: the same upload sent again
     * (the client retries after a lost answer, spec §7) finds the photo the first one stored,
     * even when both arrive at once, and adds none.
     */
    async upload(site: SiteRow, memberId: number, data: Buffer, declaredType: string, clientId?: string) {
      const earlier = clientId ? await photos.findByClientId(memberId, clientId) : null;
      if (earlier) return earlier;
      const user = await users.findById(memberId);
      if (!user) throw new AppError('authentication_required');
      const limit = user.paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT;
      if ((await photos.countKept(memberId)) >= limit) throw new AppError('photo_limit_reached', { params: { limit } });

      const image = await processUpload(data, declaredType).catch((error: unknown) => {
        if (error instanceof ImageRejected) throw new AppError(error.problem, { detail: error.message });
        throw error;
      });
      // Random names: a photo's address reveals nothing and cannot be guessed from another.
      const name = crypto.randomBytes(16).toString('hex');
      const filename = `${name}.webp`;
      const thumbFilename = `${name}-thumb.webp`;
      await storage.write(`photos/${filename}`, image.large, 'image/webp');
      await storage.write(`photos/${thumbFilename}`, image.thumb, 'image/webp');
      try {
        return await photos.insert(memberId, {
          filename,
          thumbFilename,
          status: site.photoAutoApprove ? 'active' : 'pending',
          createdAt: clock.now(),
          clientId,
        });
      } catch (error) {
        await storage.remove(`photos/${filename}`);
        await storage.remove(`photos/${thumbFilename}`);
        // The same upload arrived twice at once: the other one stored it.
        const stored = clientId ? await photos.findByClientId(memberId, clientId) : null;
        if (stored) return stored;
        throw error;
      }
    },

    async remove(memberId: number, photoId: number): Promise<void> {
      const removed = await photos.delete(memberId, photoId);
      if (!removed) throw new AppError('not_found');
      await removeFiles([removed.filename, removed.thumbFilename], removed.id);
    },

    async arrange(memberId: number, changes: { main_photo_id?: number; order?: number[] }): Promise<void> {
      if (changes.main_photo_id !== undefined && !(await photos.setMain(memberId, changes.main_photo_id))) throw new AppError('not_found');
      if (changes.order) await photos.reorder(memberId, changes.order);
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
