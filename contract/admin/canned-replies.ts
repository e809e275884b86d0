import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../locales';
import { RecordId, RecordIdParam, text } from '../inputs';
import { SiteOptions } from './site-options';

/**
 * Canned replies for hosts (issue 32): ready-made answers per site and language. Admins write
 * them; hosts pick one while answering and edit it before sending. `{name}` in the body becomes
 * the member's name and `{profile}` the fictional profile's when a host picks it.
 */
export const CANNED_TITLE_MAX = 80;
export const CANNED_BODY_MAX = 2000;

export const CannedReply = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  language: z.enum(SUPPORTED_LANGUAGES),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof CannedReply>;

export const CannedRepliesQuery = z.object({ site_id: RecordIdParam, language: z.enum(SUPPORTED_LANGUAGES).optional() });
/** A site's replies, with the sites the caller may pick (ADR 0060); a site outside them has no replies to show. */
export const CannedRepliesList = z.object({ items: z.array(CannedReply), sites: SiteOptions });
export type CannedRepliesList = z.infer<typeof CannedRepliesList>;

const fields = {
  language: z.enum(SUPPORTED_LANGUAGES),
  title: text({ trim: true }).min(1).max(CANNED_TITLE_MAX),
  body: text({ multiline: true, trim: true }).min(1).max(CANNED_BODY_MAX),
};
export const CreateCannedReplyInput = z.object({ site_id: RecordId, ...fields }).strict();
/** An edit names only what changes; the site stays the one it was written for. */
export const UpdateCannedReplyInput = z.object(fields).partial().strict();
export const CannedReplyParams = z.object({ id: RecordIdParam });
