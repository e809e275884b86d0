import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../locales';
import { RecordId, RecordIdParam, text } from '../inputs';
import { SiteOptions } from './site-options';
import { MESSAGE_SAFETY_POLICIES, SAFETY_CATEGORIES, SAFETY_RULE_KINDS } from '../safety';

/** One entry of the safety signals' lists (issue 32). `site_id`/`language` null: every site, every language. */
export const SafetyRuleEntry = z.object({
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
  category: z.enum(SAFETY_CATEGORIES),
  kind: z.enum(SAFETY_RULE_KINDS),
  value: z.string(),
  builtin: z.boolean(),
  created_at: z.string(),
});
export type SafetyRuleEntry = z.infer<typeof SafetyRuleEntry>;

/** `GET /api/admin/safety-rules`: the lists for every site, or (with `site_id`) those that apply on one site. */
export const SafetyRulesQuery = z.object({ site_id: RecordIdParam.optional() });
/** With the sites the caller may pick (ADR 0060); a site outside them has no entries to show. */
export const SafetyRulesList = z.object({ entries: z.array(SafetyRuleEntry), sites: SiteOptions });
export type SafetyRulesList = z.infer<typeof SafetyRulesList>;

export const NewSafetyRuleInput = z.object({
  site_id: RecordId.nullable(),
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
  category: z.enum(SAFETY_CATEGORIES),
  kind: z.enum(SAFETY_RULE_KINDS),
  value: text({ trim: true }).min(1).max(200),
});
export type NewSafetyRuleInput = z.infer<typeof NewSafetyRuleInput>;
export const SafetyRuleIdParams = z.object({ id: RecordIdParam });

/** A site's choices: hold profile texts with contact details for review; ask or block such messages. */
export const SiteSafetySettings = z.object({
  hold_contact_texts: z.boolean(),
  message_policy: z.enum(MESSAGE_SAFETY_POLICIES),
});
export type SiteSafetySettings = z.infer<typeof SiteSafetySettings>;
export const SiteSafetyParams = z.object({ id: RecordIdParam });
