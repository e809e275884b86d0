import type { PHOTO_REJECTION_REASONS, TEXT_REMOVAL_REASONS } from '../../../contract/admin/moderation';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Executor } from '../../db/client';
import { createModerationRepository } from '../../db/repositories/moderation.repository';
import { createPhotosRepository } from '../../db/repositories/photos.repository';
import type { EventBus } from '../../realtime/event-bus';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { MemberNotices } from './member-notices';
import { removePhotoFiles } from './photo-files';
import { assertMemberInScope, assertPhotoInScope } from '../staff/member-scope';
import { scopeOfActor, type SiteScope } from '../staff/site-scope';

export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];
export type TextRemovalReason = (typeof TEXT_REMOVAL_REASONS)[number];

/**
 * The photo and profile-text queues. Each decision and its audit row commit together; the member
 * hears of it after the commit — live on their open tabs, and by e-mail when something of theirs
 * was taken down. A decision on something another moderator already decided is refused (409).
 */
export function createModerationService(deps: {
  db: Executor;
  audit: AuditService;
  storage: MediaStorage;
  bus: EventBus;
  notices: MemberNotices;
  clock: Clock;
  onError?: (error: unknown) => void;
}) {
  const reader = createModerationRepository(deps.db);
  const onError = deps.onError ?? ((error: unknown) => console.error('moderation notice failed', error));
  const alreadyDecided = async (exists: boolean) => {
    throw new AppError(exists ? 'already_reviewed' : 'not_found');
  };

  return {
    /** The queues, of the staff member's sites only (a photo or text belongs to its member's site). */
    pendingPhotos: (window: { offset: number; limit: number }, scope: SiteScope) => reader.pendingPhotos(window, scope),
    flaggedTexts: (window: { offset: number; limit: number }, scope: SiteScope) => reader.flaggedTexts(window, scope),

    /**
     * How long each queue is, for the dashboard, for the given sites or (null) all of them: pending
     * photos, flagged profile texts and reports that are new or in progress. Counted from the
     * tables themselves, so the figures cannot drift.
     */
    async moderationQueueSizes(sites: SiteScope = null) {
      return reader.queueSizes(sites);
    },

    /** The photo becomes visible to others; the member's open profile page drops its "pending" mark. */
    async approvePhoto(actor: StaffActor, photoId: number): Promise<{ memberId: number }> {
      const photo = await deps.db.transaction(async (tx) => {
        const queue = createModerationRepository(tx);
        // Another site's photo is not found, reviewed or not (ADR 0060).
        await assertPhotoInScope(tx, scopeOfActor(actor), photoId);
        const pending = await queue.lockPendingPhoto(photoId);
        if (!pending) return alreadyDecided(await queue.photoExists(photoId));
        await queue.approvePhoto(photoId);
        await deps.audit.record(tx, actor, {
          action: 'photo.approve',
          targetType: 'photo',
          targetId: photoId,
          before: { status: 'pending', member_id: pending.userId },
          after: { status: 'active', member_id: pending.userId },
        });
        return pending;
      });
      deps.bus.publish(photo.userId, { type: 'photo_reviewed', photo_id: photoId, status: 'active' }).catch(onError);
      return { memberId: photo.userId };
    },

    /**
     * The photo is refused: its row goes (the next photo becomes the main one), then its files,
     * unless another row still uses them. The member is told why, live and by e-mail.
     */
    async rejectPhoto(actor: StaffActor, photoId: number, reason: PhotoRejectionReason): Promise<{ memberId: number }> {
      const photo = await deps.db.transaction(async (tx) => {
        const queue = createModerationRepository(tx);
        // Another site's photo is not found, reviewed or not (ADR 0060).
        await assertPhotoInScope(tx, scopeOfActor(actor), photoId);
        const pending = await queue.lockPendingPhoto(photoId);
        if (!pending) return alreadyDecided(await queue.photoExists(photoId));
        await createPhotosRepository(tx).delete(pending.userId, photoId);
        await deps.audit.record(tx, actor, {
          action: 'photo.reject',
          targetType: 'photo',
          targetId: photoId,
          before: { status: 'pending', member_id: pending.userId, filename: pending.filename },
          after: { status: 'rejected', member_id: pending.userId, reason },
        });
        return pending;
      });
      await removePhotoFiles(deps.db, deps.storage, photo);
      deps.bus.publish(photo.userId, { type: 'photo_reviewed', photo_id: photoId, status: 'rejected', reason }).catch(onError);
      await deps.notices.mail(photo.userId, 'photo_rejected', '/profile', (t) => ({ reason: t(`moderation.photo_reasons.${reason}`) })).catch(onError);
      return { memberId: photo.userId };
    },

    /** Flags a member's profile text for review (after a report); one open flag per profile. */
    async flagText(profileId: number, reportId: number | null, executor: Executor = deps.db): Promise<void> {
      if (!(await createModerationRepository(executor).aboutOf(profileId)).trim()) return;
      await createModerationRepository(executor).flagText({ profileId, reportId, createdAt: deps.clock.now() });
    },

    /** The text stays as it is — a text held for review goes live now; the flag is closed. */
    async keepText(actor: StaffActor, flagId: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const queue = createModerationRepository(tx);
        const flag = await queue.lockOpenFlag(flagId);
        if (!flag) return alreadyDecided(await queue.flagExists(flagId));
        await assertMemberInScope(tx, scopeOfActor(actor), flag.profileId);
        const held = flag.pendingAbout;
        if (held !== null) await queue.publishAbout(flag.profileId, held);
        await queue.resolveFlag(flagId, { resolvedAt: deps.clock.now(), resolvedBy: actor.id, outcome: 'kept', reason: null });
        await deps.audit.record(tx, actor, {
          action: 'profile_text.keep',
          targetType: 'profile',
          targetId: flag.profileId,
          before: { flag: 'open', ...(held !== null && { held_about: held }) },
          after: { flag: 'kept', ...(held !== null && { about: held }) },
        });
      });
    },

    /** The text is emptied (the old text stays in the audit row) and the member is told why. */
    async removeText(actor: StaffActor, flagId: number, reason: TextRemovalReason): Promise<void> {
      const flag = await deps.db.transaction(async (tx) => {
        const queue = createModerationRepository(tx);
        const open = await queue.lockOpenFlag(flagId);
        if (!open) return alreadyDecided(await queue.flagExists(flagId));
        await assertMemberInScope(tx, scopeOfActor(actor), open.profileId);
        // A held text never went live: it is dropped and the previous text stays.
        const about = open.pendingAbout ?? (await queue.aboutOf(open.profileId));
        if (open.pendingAbout === null) await queue.clearAbout(open.profileId);
        await queue.resolveFlag(flagId, { resolvedAt: deps.clock.now(), resolvedBy: actor.id, outcome: 'removed', reason });
        await deps.audit.record(tx, actor, {
          action: 'profile_text.remove',
          targetType: 'profile',
          targetId: open.profileId,
          before: { about, flag: 'open' },
          after: { about: open.pendingAbout === null ? '' : 'unchanged', flag: 'removed', reason },
        });
        return open;
      });
      await deps.notices.mail(flag.profileId, 'profile_text_removed', '/profile', (t) => ({ reason: t(`moderation.text_reasons.${reason}`) })).catch(onError);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
