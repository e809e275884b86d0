import type { Executor } from '../db/client';
import { createBlocksRepository } from '../db/repositories/blocks.repository';
import { createChatRepository } from '../db/repositories/chat.repository';
import { createJobsRepository } from '../db/repositories/jobs.repository';
import { createLikesRepository } from '../db/repositories/likes.repository';
import { createProfilesRepository } from '../db/repositories/profiles.repository';
import { createSitesRepository } from '../db/repositories/sites.repository';
import { createUsersRepository } from '../db/repositories/users.repository';
import { createMemberCounters } from '../domain/chat/member-counters';

export type Stores = ReturnType<typeof composeStores>;

/**
 * The repositories more than one area is built on, and the badge counts read from them. They
 * stay inside the composition: areas receive them, `Services` never exposes them.
 */
export function composeStores(db: Executor) {
  const chat = createChatRepository(db);
  const likes = createLikesRepository(db);
  return {
    users: createUsersRepository(db),
    jobs: createJobsRepository(db),
    profiles: createProfilesRepository(db),
    likes,
    blocks: createBlocksRepository(db),
    chat,
    sites: createSitesRepository(db),
    /** The badge counts every realtime `counters` event carries (likes, blocks, chat and payment events). */
    counters: createMemberCounters({ chat, likes }),
  };
}
