import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import { createLiveContentRepository } from '../../db/repositories/live-content.repository';
import { createPhotosRepository } from '../../db/repositories/photos.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { assertMemberInScope, assertPhotoInScope } from '../staff/member-scope';
import { scopeOfActor } from '../staff/site-scope';
import type { MemberEventPublisher } from '../shared/member-events.port';
import type { MemberNotices } from './member-notices';
import type { PhotoRejectionReason, TextRemovalReason } from './moderation.service';
import { removePhotoFiles } from './photo-files';

/**
 * Taking down what others already see (issue 32): on a site that approves photos by itself, or
 * a text nobody flagged, a moderator removes it from a report or from the member's page. Like a
 * queue decision, the removal and its audit row commit together, and the member is told after
 * the commit in their own language — live on their open tabs, and by e-mail.
 */
export function createLiveContentService(deps: {
  db: Executor;
  audit: AuditService;
  storage: MediaStorage;
  events: MemberEventPublisher;
  notices: MemberNotices;
  clock: Clock;
  onError?: (error: unknown) => void;
}) {
  const onError = deps.onError ?? ((error: unknown) => console.error('moderation notice failed', error));

  return {
    /**
     * Removes one photo of a member, live or still pending: its row goes (the next photo becomes
     * the main one), then its files. A photo already gone answers 404.
     */
    async removePhoto(actor: StaffActor, photoId: number, reason: PhotoRejectionReason): Promise<{ memberId: number }> {
      const photo = await deps.db.transaction(async (tx) => {
        await assertPhotoInScope(tx, scopeOfActor(actor), photoId);
        const found = await createLiveContentRepository(tx).lockPhoto(photoId);
        if (!found) throw new AppError('not_found');
        await createPhotosRepository(tx).delete(found.userId, photoId);
        await deps.audit.record(tx, actor, {
          action: 'photo.remove',
          targetType: 'photo',
          targetId: photoId,
          before: { status: found.status, member_id: found.userId, filename: found.filename },
          after: { status: 'removed', member_id: found.userId, reason },
        });
        return found;
      });
      await removePhotoFiles(deps.db, deps.storage, photo);
      deps.events.publish(photo.userId, { type: 'photo_reviewed', photo_id: photoId, status: 'removed', reason }).catch(onError);
      await deps.notices.mail(photo.userId, 'photo_removed', '/profile', (t) => ({ reason: t(`moderation.photo_reasons.${reason}`) })).catch(onError);
      return { memberId: photo.userId };
    },

    /**
     * Empties a member's profile text (the old text stays in the audit row) and closes an open
     * flag on it. An empty text has nothing to remove: 409, someone else was first.
     */
    async removeProfileText(actor: StaffActor, memberId: number, reason: TextRemovalReason): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const content = createLiveContentRepository(tx);
        await assertMemberInScope(tx, scopeOfActor(actor), memberId);
        const about = await content.lockAbout(memberId);
        if (about === null) throw new AppError('not_found');
        if (!about.trim()) throw new AppError('already_reviewed');
        await content.clearAbout(memberId);
        await content.closeOpenFlag(memberId, { resolvedAt: deps.clock.now(), resolvedBy: actor.id, reason });
        await deps.audit.record(tx, actor, {
          action: 'profile_text.remove',
          targetType: 'profile',
          targetId: memberId,
          before: { about },
          after: { about: '', reason },
        });
      });
      await deps.notices.mail(memberId, 'profile_text_removed', '/profile', (t) => ({ reason: t(`moderation.text_reasons.${reason}`) })).catch(onError);
    },
  };
}

export type LiveContentService = ReturnType<typeof createLiveContentService>;
