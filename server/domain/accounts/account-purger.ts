import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { AccountPurger } from './account-deletion.service';

/** Removes a member for good: their photo files first, then every row that names them. */
export function createAccountPurger(deps: { users: UsersRepository; storage: MediaStorage; removeChatPhotos: (userId: number) => Promise<void> }): AccountPurger {
  return {
    async purge(userId) {
      for (const file of await deps.users.listUnsharedPhotoFiles(userId)) await deps.storage.remove(`photos/${file}`);
      // Their conversations go with them (the rows cascade), and so do the photos sent in them.
      await deps.removeChatPhotos(userId);
      await deps.users.deleteForGood(userId);
    },
  };
}
