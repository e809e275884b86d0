import { z } from 'zod';
import { REGION_WORDS } from './countries';
import { text } from './inputs';
import { PublicTheme } from './theme';

export const Niche = z.number().int().min(1).max(7);

/** `GET /api/settings.php` — what the browser may know about the site it is on. */
export const SiteSettings = z.object({
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  cdn_prefix: z.string(),
  niche: Niche,
  signups: z.enum(['all', 'with_trafficsource']),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  enable_site_entry_popup: z.string(),
  site_entry_popup_countries: z.array(z.string()),
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number(), currency: z.string() })),
  support_phone: z.string(),
  support_email: z.string(),
  push_public_key: z.string(),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  description: z.string(),
  index_title: z.string(),
  countries: z.array(z.string()),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  region_data: z.record(z.string(), z.object({ region_word: z.enum(REGION_WORDS) })),
  interests: z.array(z.string()),
  message_credits: z.number().int(),
  signup_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  message_length: z.number().int(),
  refund_days: z.number().int(),
  delete_discount: z.number().int(),
  member_resell: z.boolean(),
  show_us_footer: z.boolean(),
  mail_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_address: z.string(),
  company_kvk: z.string(),
  company_city: z.string(),
  company_country: z.string(),
  company_tradenames: z.array(z.string()),
  company_vat_numbers: z.array(z.string()),
  company_added: z.string(),
  /** Google Tag Manager container, loaded only after statistics consent; empty when none. */
  tag_manager_id: z.string(),
  /** Microsoft Clarity project, loaded only after statistics consent; empty when none. */
  clarity_id: z.string(),
  /** The site's look (ADR 0041): its stylesheet over Bootstrap's variables, logo and hero image. */
  theme: PublicTheme,
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const SettingsQuery = z.looseObject({
  /** The host the first server-side load came in on (spec §7). */
  forced_domain: text({ trim: true })
    .toLowerCase()
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d+)?$/, 'must be a host name')
    .optional(),
});

/** `GET /api/companyinfo.php` (spec §7). */
export const CompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;

/** `GET /api/interests.php`. */
export const InterestList = z.object({
  interests: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InterestList = z.infer<typeof InterestList>;

export const RegionsQuery = z.object({
  country: text({ trim: true })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
});

/** `GET /api/regions.php?country=XX`. */
export const RegionList = z.object({
  country: z.string(),
  region_word: z.enum(REGION_WORDS),
  region_word_label: z.string(),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RegionList = z.infer<typeof RegionList>;

export const GeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/** `GET /api/geocode.php?lat=&lon=`: the nearest known city. */
export const GeocodeResult = z.object({
  city: z.string(),
  region: z.string().nullable(),
  region_name: z.string().nullable(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeResult = z.infer<typeof GeocodeResult>;
