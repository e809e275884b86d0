import type { StaffActor } from '../audit/audit.service';
import { isAppError } from '../shared/app-error';
import type { ModerationService, PhotoRejectionReason, TextRemovalReason } from './moderation.service';

/**
 * One decision on many queue items (issue 32), each through the same single decision, so every
 * item keeps its own transaction, audit row and message to the member. An item someone else
 * decided meanwhile (or that is gone) is skipped, not an error: the rest still go through.
 */
export function createQueueBulk(moderation: ModerationService) {
  const each = async (ids: number[], decide: (id: number) => Promise<unknown>) => {
    const decided: number[] = [];
    const skipped: number[] = [];
    for (const id of ids) {
      try {
        await decide(id);
        decided.push(id);
      } catch (error) {
        if (!isAppError(error) || (error.code !== 'already_reviewed' && error.code !== 'not_found')) throw error;
        skipped.push(id);
      }
    }
    return { decided, skipped };
  };

  return {
    decidePhotos: (actor: StaffActor, ids: number[], decision: { decision: 'approve' } | { decision: 'reject'; reason: PhotoRejectionReason }) =>
      each(ids, (id) => (decision.decision === 'approve' ? moderation.approvePhoto(actor, id) : moderation.rejectPhoto(actor, id, decision.reason))),

    decideTexts: (actor: StaffActor, ids: number[], decision: { decision: 'keep' } | { decision: 'remove'; reason: TextRemovalReason }) =>
      each(ids, (id) => (decision.decision === 'keep' ? moderation.keepText(actor, id) : moderation.removeText(actor, id, decision.reason))),
  };
}

export type QueueBulk = ReturnType<typeof createQueueBulk>;
