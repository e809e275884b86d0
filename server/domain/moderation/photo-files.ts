import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import { createPhotosRepository } from '../../db/repositories/photos.repository';
import type { PhotoRow } from '../../db/schema/index';

/** Removes a deleted photo's files, unless another row still uses them (a copied photo shares its files). */
export async function removePhotoFiles(db: Executor, storage: MediaStorage, photo: Pick<PhotoRow, 'id' | 'filename' | 'thumbFilename'>): Promise<void> {
  const photos = createPhotosRepository(db);
  for (const file of [photo.filename, photo.thumbFilename]) {
    if (!(await photos.isFileShared(file, photo.id))) await storage.remove(`photos/${file}`);
  }
}
