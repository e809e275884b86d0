import type { BlockedMembersResponse } from '../../../contract/profiles';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/** Who blocked whom; the socket gateway reads it to keep typing from blocked members. */
export type { BlocksRepository };

/** What the realtime layer is told after a block or unblock commits; it never delays or fails it. */
export interface BlockEvents {
  /** The blocked member's tabs drop the pair's conversation (`conversationId`, when they have one) and recount. */
  blocked(blockedId: number, conversationId: number | null): void;
  /** The conversation is the once-blocked member's again: their counts change. */
  unblocked(blockedId: number, conversationId: number | null): void;
}

/**
 * Blocking (ADR 0021): the two members disappear from each other's search, likes and lists;
 * the blocked member loses the conversation (list, history, live events, unread counts) and the
 * blocker's profile, while the blocker keeps the conversation until they remove it. Unblocking
 * gives the blocked member the conversation back.
 */
export function createBlocksService(deps: { blocks: BlocksRepository; clock: Clock; events?: BlockEvents }) {
  return {
    async block(memberId: number, profileId: number): Promise<void> {
      if (memberId === profileId) throw new AppError('not_yourself');
      const conversationId = await deps.blocks.block(memberId, profileId, deps.clock.now());
      if (conversationId === false) throw new AppError('not_found');
      deps.events?.blocked(profileId, conversationId);
    },

    async unblock(memberId: number, profileId: number): Promise<void> {
      const { lifted, conversationId } = await deps.blocks.unblock(memberId, profileId);
      if (lifted) deps.events?.unblocked(profileId, conversationId);
    },

    /** The member's block list, newest block first. */
    async list(memberId: number): Promise<BlockedMembersResponse> {
      const rows = await deps.blocks.listBlockedBy(memberId);
      return {
        blocked: rows.map((row) => ({
          profile: {
            id: row.id,
            name: row.name,
            main_image: row.mainFilename && row.mainThumb ? { filename: row.mainFilename, thumb_filename: row.mainThumb, status: 'active' as const } : null,
          },
          blocked_at: row.blockedAt.toISOString(),
        })),
      };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
