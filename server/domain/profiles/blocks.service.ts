import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** Blocking: the two members disappear from each other's search, likes and lists. */
export function createBlocksService(deps: { blocks: BlocksRepository; clock: Clock }) {
  return {
    async block(memberId: number, profileId: number): Promise<void> {
      if (memberId === profileId) throw new AppError('not_yourself');
      if (!(await deps.blocks.block(memberId, profileId, deps.clock.now()))) throw new AppError('not_found');
    },
    async unblock(memberId: number, profileId: number): Promise<void> {
      await deps.blocks.unblock(memberId, profileId);
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
