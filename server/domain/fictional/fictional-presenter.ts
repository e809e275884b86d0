import type { CannedReply } from '../../../contract/admin/canned-replies';
import type { HostNote } from '../../../contract/admin/host-notes';
import type { FictionalProfile, HostMemberProfile } from '../../../contract/admin/fictional';
import type { FictionalProfileRecord, HostMemberRow, WaitingConversation } from '../../db/repositories/fictional.repository';
import type { CannedReplyRow, FictionalClaimRow, HostNoteRow } from '../../db/schema/index';
import { ageOn } from '../profiles/age-rule';

export function presentFictionalProfile(row: FictionalProfileRecord): FictionalProfile {
  return {
    id: row.id,
    site_id: row.siteId,
    is_fictional: true,
    name: row.name,
    gender: row.gender,
    seeking: row.seeking,
    date_of_birth: row.dateOfBirth,
    country: row.country,
    city: row.city,
    about: row.about,
    status: row.status,
    under_age: !row.adult,
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The claim as a host sees it; a lapsed one is shown as none. */
export function presentClaim(claim: Pick<FictionalClaimRow, 'staffId' | 'expiresAt'> | null, viewerId: number | null, now: Date) {
  if (!claim || claim.expiresAt <= now) return null;
  return { staff_id: claim.staffId, mine: claim.staffId === viewerId, expires_at: claim.expiresAt.toISOString() };
}

export function presentWaiting(row: WaitingConversation, viewerId: number | null, now: Date) {
  return {
    conversation_id: row.conversationId,
    site_id: row.siteId,
    fictional: { id: row.fictionalId, name: row.fictionalName },
    member: { id: row.memberId, name: row.memberName },
    unread: row.unread,
    waiting_since: row.waitingSince.toISOString(),
    last_message: row.lastBody.slice(0, 140),
    claim: presentClaim(row.claimedBy === null ? null : { staffId: row.claimedBy, expiresAt: row.claimExpiresAt! }, viewerId, now),
  };
}

/** A member as the host answering them sees them: public profile fields only, by construction. */
export function presentHostMember(row: HostMemberRow, now: Date): HostMemberProfile {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    age: ageOn(row.dateOfBirth, now),
    country: row.country,
    city: row.city,
    about: row.about,
    interests: row.interests,
    photo_thumb: row.photoThumb,
  };
}

export function presentCannedReply(row: CannedReplyRow): CannedReply {
  return {
    id: row.id,
    site_id: row.siteId,
    language: row.language as CannedReply['language'],
    title: row.title,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A host's note as staff see it; `mine` when the viewer wrote it (only then may they delete it). */
export function presentHostNote(note: HostNoteRow & { authorName?: string | null }, viewer: number | null): HostNote {
  return {
    id: note.id,
    body: note.body,
    author: note.authorName ?? null,
    mine: note.staffId !== null && note.staffId === viewer,
    created_at: note.createdAt.toISOString(),
  };
}
