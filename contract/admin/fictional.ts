import { z } from 'zod';
import { ChatMessage } from '../chat';
import { MessageIdParam, plainName, RecordId, RecordIdParam, text } from '../inputs';
import { listPage, listQuery } from './list';
import { SiteOptions } from './site-options';

/**
 * Fictional profiles and the hosts' inbox (issue 16). A fictional profile is always flagged
 * `is_fictional`; no input here has the flag, and the edit body is strict, so a request that
 * tries to clear it is refused (400) rather than silently ignored.
 */
export const FictionalProfile = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  is_fictional: z.literal(true),
  name: z.string(),
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female', 'both']),
  date_of_birth: z.string(),
  country: z.string(),
  city: z.string().nullable(),
  about: z.string(),
  status: z.enum(['active', 'disabled']),
  /**
   * Saved under 18 before the age rule (ADR 0057): members never see it, whatever its status,
   * until an operator corrects the date of birth.
   */
  under_age: z.boolean(),
  updated_at: z.string(),
  /** For edits: a change made from an older version is refused (409 version_conflict). */
  version: z.number().int(),
});
export type FictionalProfile = z.infer<typeof FictionalProfile>;

const name = plainName(60);
const dateOfBirth = z.iso.date('must be a date (YYYY-MM-DD)');
const country = text({ trim: true }).regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
const fields = {
  name,
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female', 'both']),
  date_of_birth: dateOfBirth,
  country,
  city: text({ trim: true }).max(80).nullable(),
  about: text({ multiline: true }).max(2000),
  status: z.enum(['active', 'disabled']),
};

export const FictionalProfilesQuery = listQuery(['id', 'name', 'updated_at'], 'updated_at').extend({ site_id: RecordIdParam.optional() });
/** With the sites the caller may pick (to filter by, and to make a profile on). */
export const FictionalProfilesPage = listPage(FictionalProfile).extend({ sites: SiteOptions });
export const CreateFictionalProfileInput = z
  .object({
    site_id: RecordId,
    ...fields,
    city: fields.city.optional(),
    about: fields.about.default(''),
    seeking: fields.seeking.default('both'),
    status: fields.status.default('active'),
  })
  .strict();
export const UpdateFictionalProfileInput = z
  .object(fields)
  .partial()
  .extend({ version: z.number().int().min(1) })
  .strict();
export const FictionalIdParams = z.object({ id: RecordIdParam });

/** The inbox: conversations waiting for an answer, the longest-waiting first. */
export const InboxQuery = listQuery(['waiting_since'], 'waiting_since', 'asc').extend({ site_id: RecordIdParam.optional() });
export const InboxItem = z.object({
  conversation_id: z.number().int(),
  site_id: z.number().int(),
  fictional: z.object({ id: z.number().int(), name: z.string() }),
  member: z.object({ id: z.number().int(), name: z.string() }),
  unread: z.number().int(),
  waiting_since: z.string(),
  last_message: z.string(),
  /** Who holds it now (a lapsed claim is shown as free); `mine` when it is the caller. */
  claim: z.object({ staff_id: z.number().int(), mine: z.boolean(), expires_at: z.string() }).nullable(),
});
/** With the sites the caller may filter by. */
export const InboxPage = listPage(InboxItem).extend({ sites: SiteOptions });

/**
 * What a host sees of the member: their public profile only — never their e-mail address,
 * credits, orders or anything else about payments.
 */
export const HostMemberProfile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(['male', 'female']),
    age: z.number().int(),
    country: z.string(),
    city: z.string().nullable(),
    about: z.string(),
    interests: z.array(z.string()),
    photo_thumb: z.string().nullable(),
  })
  .strict();
export type HostMemberProfile = z.infer<typeof HostMemberProfile>;

export const InboxConversationParams = z.object({ id: RecordIdParam });
export const InboxConversationQuery = z.object({ before: MessageIdParam.optional() });
export const InboxConversation = z.object({
  conversation_id: z.number().int(),
  site_id: z.number().int(),
  /** The member's page language, for choosing canned replies. */
  member_language: z.string(),
  /** The profile the host answers as, with the same public details as the member's. */
  fictional: HostMemberProfile,
  member: HostMemberProfile,
  /** Oldest first. */
  messages: z.array(ChatMessage),
  has_more: z.boolean(),
  claim: z.object({ staff_id: z.number().int(), mine: z.boolean(), expires_at: z.string() }).nullable(),
});
export type InboxConversation = z.infer<typeof InboxConversation>;

export const ClaimResponse = z.object({ conversation_id: z.number().int(), staff_id: z.number().int(), expires_at: z.string() });
export const ReplyInput = z.object({ text: text({ multiline: true }).min(1).max(20_000), client_id: text().min(8).max(64) });
export const ReplyResponse = z.object({ message: ChatMessage });

/** Member side: `POST /api/fictional-confirmation.php` — the member read the warning for this profile. */
export const FictionalConfirmationInput = z.object({ profile_id: RecordId });
