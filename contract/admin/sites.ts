import { z } from 'zod';
import { COUNTRY_CODES, REGION_WORDS } from '../countries';
import { OptionalEmailAddress } from '../email-address';
import { named, RecordIdParam, text } from '../inputs';
import { SUPPORTED_LANGUAGES } from '../locales';
import { CLARITY_ID_PATTERN, TAG_MANAGER_ID_PATTERN } from '../analytics';
import { PAYMENT_METHODS } from '../payment-methods';
import { INTERESTS } from '../profile-options';
import { listPage, listQuery } from './list';

/**
 * The console's view of a site (brand) and what an operator may change: every setting of spec §3
 * "Settings", its aliases and status, the region words and payment methods per country, and the
 * custom pages. Names follow `/api/settings.php` (snake_case) so an operator recognises them.
 */

/** The currencies bundles and minimum message costs are priced in (those the payment providers take). */
export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'DKK', 'SEK', 'NOK', 'PLN'] as const;
/** The profile details a site may show (the keys of `ProfileDetails`). */
export const PROFILE_DETAIL_FIELDS = ['sexuality', 'relationship_status', 'hair_colour', 'eye_colour', 'body_type', 'tattoos', 'interests', 'about'] as const;
/** Bundles a site may have: a price list, not a catalogue. */
export const MAX_BUNDLES_PER_SITE = 30;

const country = z.enum(COUNTRY_CODES as [string, ...string[]]);
const currency = z.enum(CURRENCIES);
const line = (max: number) => text({ trim: true }).max(max);
const paragraph = (max: number) => text({ trim: true, multiline: true }).max(max);
/** A host name as a browser sends it: lower case labels, at least one dot (or `localhost`). */
export const HOST_PATTERN = /^(?=.{1,253}$)(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?$/;
const host = text({ trim: true }).toLowerCase().regex(HOST_PATTERN, 'must be a host name like example.com');
const email = OptionalEmailAddress;
/** A VAT number as the EU writes it: two letters of the country, then 2 to 13 letters or digits. */
const vatNumber = text({ trim: true })
  .toUpperCase()
  .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'must be a VAT number like NL123456789B01');
/** `pattern` or nothing at all (a setting left empty). */
const optional = (pattern: RegExp) => new RegExp(`^(${pattern.source.replace(/^\^|\$$/g, '')})?$`);
const credits = z.number().int().min(0).max(100_000);
const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((list) => new Set(list).size === list.length, named('no_repeats', 'must not repeat a value'));

export const CUSTOM_PAGE_TOKEN = /^[a-z0-9][a-z0-9-]{0,47}$/;
export const CustomPageInput = z.object({ title: line(120).min(1), markdown: paragraph(20_000) });
const customPages = z
  .record(text().regex(CUSTOM_PAGE_TOKEN, 'must be lower case letters, digits and dashes'), CustomPageInput)
  .refine((pages) => Object.keys(pages).length <= 50, 'at most 50 pages');

/** One language's texts (ADR 0023); an empty text means "the page's own built-in text". */
export const LanguageTextsInput = z.object({
  index_title: line(200).optional(),
  description: paragraph(1000).optional(),
  fictional_warning: paragraph(1000).optional(),
  fictional_singular: line(60).optional(),
  fictional_plural: line(60).optional(),
  custom_pages: customPages.optional(),
});

/** Every setting an operator edits. A new site needs name and domain; the rest has defaults. */
export const SiteSettingsFields = z.object({
  name: line(80).min(1),
  domain: host,
  domain_aliases: uniqueList(host, 20),
  domain_language: text({ trim: true }).regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag like en-US'),
  cdn_prefix: text({ trim: true })
    .max(200)
    .regex(/^(https:\/\/[^\s]+)?$/, 'must be empty or start with https://'),
  niche: z.number().int().min(1).max(7),
  signups: z.enum(['all', 'with_trafficsource']),
  logged_out_search: text({ trim: true }).min(1).max(40),
  logged_out_search_trafficsource: text({ trim: true }).min(1).max(40),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  site_entry_popup_countries: uniqueList(country, 30),
  countries: uniqueList(country, 30).min(1),
  region_words: z.partialRecord(country, z.enum(REGION_WORDS)),
  message_credits: credits,
  signup_credits: credits,
  photo_credits: credits,
  gift_credits: credits,
  minimum_message_costs: z.partialRecord(country, z.object({ costs: credits, currency })),
  message_length: z.number().int().min(20).max(10_000),
  fictional_icon: text({ trim: true }).max(200),
  fictional_warning: paragraph(1000),
  fictional_singular: line(60),
  fictional_plural: line(60),
  index_title: line(200),
  description: paragraph(1000),
  refund_days: z.number().int().min(0).max(365),
  delete_discount: z.number().int().min(0).max(100),
  visible_profile_fields: uniqueList(z.enum(PROFILE_DETAIL_FIELDS), PROFILE_DETAIL_FIELDS.length),
  interests: uniqueList(z.enum(INTERESTS), INTERESTS.length),
  member_resell: z.boolean(),
  photo_auto_approve: z.boolean(),
  show_us_footer: z.boolean(),
  support_phone: text({ trim: true })
    .max(40)
    .regex(/^(\+?[0-9][0-9 ()-]{3,38})?$/, 'must be a phone number like +31 20 123 4567'),
  support_email: email,
  mail_name: line(80),
  company_name: line(120),
  company_address: line(200),
  company_kvk: line(40),
  company_city: line(80),
  company_country: line(80),
  company_tradenames: uniqueList(line(120).min(1), 20),
  company_vat_numbers: uniqueList(vatNumber, 30),
  payment_methods: uniqueList(z.enum(PAYMENT_METHODS), PAYMENT_METHODS.length),
  payment_methods_by_country: z.partialRecord(country, uniqueList(z.enum(PAYMENT_METHODS), PAYMENT_METHODS.length)),
  custom_pages: customPages,
  /** Loaded only after a visitor's statistics consent; empty: no tag manager. */
  tag_manager_id: text({ trim: true }).toUpperCase().regex(optional(TAG_MANAGER_ID_PATTERN), 'must be empty or a container id like GTM-AB12CD3'),
  /** Loaded only after a visitor's statistics consent; empty: no Clarity. */
  clarity_id: text({ trim: true })
    .toLowerCase()
    .regex(optional(CLARITY_ID_PATTERN), 'must be empty or a Clarity project id like abc123defg (6 to 20 letters and digits)'),
  localized_texts: z.partialRecord(z.enum(SUPPORTED_LANGUAGES), LanguageTextsInput),
});
export type SiteSettingsFields = z.infer<typeof SiteSettingsFields>;

export const CreateSiteInput = SiteSettingsFields.partial().required({ name: true, domain: true });
export type CreateSiteInput = z.infer<typeof CreateSiteInput>;
/** An edit: the version read, then only the settings that change. `status` disables or enables the site. */
export const UpdateSiteInput = SiteSettingsFields.partial().extend({
  version: z.number().int().min(1),
  status: z.enum(['active', 'disabled']).optional(),
});
export type UpdateSiteInput = z.infer<typeof UpdateSiteInput>;

export const AdminSite = SiteSettingsFields.extend({
  id: z.number().int(),
  status: z.enum(['active', 'disabled']),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Where the site answers (for the preview link). */
  url: z.string(),
});
export type AdminSite = z.infer<typeof AdminSite>;

export const SiteListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  domain_aliases: z.array(z.string()),
  domain_language: z.string(),
  niche: z.number().int(),
  status: z.enum(['active', 'disabled']),
  updated_at: z.string(),
  url: z.string(),
});
export type SiteListItem = z.infer<typeof SiteListItem>;

export const SITE_SORTS = ['id', 'name', 'domain', 'updated_at'] as const;
export const SiteListQuery = listQuery(SITE_SORTS, 'id', 'asc').extend({
  name: line(80).optional(),
  domain: line(253).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export type SiteListQuery = z.infer<typeof SiteListQuery>;
export const SiteListResponse = listPage(SiteListItem);
export type SiteListResponse = z.infer<typeof SiteListResponse>;

export const SiteIdParams = z.object({ id: RecordIdParam });
export const BundleIdParams = z.object({ id: RecordIdParam, bundleId: RecordIdParam });

/** Prices by payment country, `*` for every other country; amounts in minor units (cents). */
export const BundlePrices = z
  .partialRecord(z.enum(['*', ...COUNTRY_CODES] as [string, ...string[]]), z.object({ currency, amount: z.number().int().min(1).max(10_000_000) }))
  .refine((prices) => '*' in prices, named('required', 'needs a price for every other country (*)', ['*']));

export const BundleFields = z.object({
  credits: z.number().int().min(1).max(1_000_000),
  prices: BundlePrices,
  highlighted: z.boolean(),
  sort_order: z.number().int().min(0).max(1000),
  active: z.boolean(),
});
export const CreateBundleInput = BundleFields.partial().required({ credits: true, prices: true });
export type CreateBundleInput = z.infer<typeof CreateBundleInput>;
export const UpdateBundleInput = BundleFields.partial().extend({ version: z.number().int().min(1) });
export type UpdateBundleInput = z.infer<typeof UpdateBundleInput>;
export const AdminBundle = BundleFields.extend({ id: z.number().int(), site_id: z.number().int(), version: z.number().int() });
export type AdminBundle = z.infer<typeof AdminBundle>;
export const BundleListResponse = z.object({ bundles: z.array(AdminBundle) });
