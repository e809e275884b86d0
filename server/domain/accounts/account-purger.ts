import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { AccountPurger } from './account-deletion.service';

/**
 * Removes a member for good: their photo files first, then every row that names them. Runs as
 * a job, often in the worker: the members whose tabs showed them (a conversation, a like) are
 * told after the rows are gone, so pages kept for them drop (ADR 0048).
 */
export function createAccountPurger(deps: {
  users: UsersRepository;
  storage: MediaStorage;
  removeChatPhotos: (userId: number) => Promise<void>;
  memberPagesChanged?: (memberIds: number[]) => void;
}): AccountPurger {
  return {
    async purge(userId) {
      for (const file of await deps.users.listUnsharedPhotoFiles(userId)) await deps.storage.remove(`photos/${file}`);
      const acquaintances = deps.memberPagesChanged ? await deps.users.listAcquaintanceIds(userId) : [];
      // Their conversations go with them (the rows cascade), and so do the photos sent in them.
      await deps.removeChatPhotos(userId);
      await deps.users.deleteForGood(userId);
      if (acquaintances.length) deps.memberPagesChanged?.(acquaintances);
    },
  };
}
