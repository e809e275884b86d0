import type { AdminBundle, AdminSite, CreateSiteInput, LanguageTextsInput, SiteListItem, SiteSettingsFields } from '../../../contract/admin/sites';
import type { BundleRow } from '../../db/repositories/site-admin.repository';
import type { CustomPageText, NewSiteRow, SiteRow, SiteTexts } from '../../db/schema/index';
import type { z } from 'zod';

type PagesInput = NonNullable<SiteSettingsFields['custom_pages']>;
type LanguageTexts = z.infer<typeof LanguageTextsInput>;

/**
 * Markdown as plain paragraphs too (blank-line separated), for readers of `body` that show text
 * only: the member page renders `markdown` itself (app/components/SafeMarkdown).
 */
function toStoredPages(pages: PagesInput): Record<string, CustomPageText> {
  return Object.fromEntries(
    Object.entries(pages).map(([token, page]) => [
      token,
      {
        title: page.title,
        markdown: page.markdown,
        body: page.markdown
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
      },
    ]),
  );
}

function presentPages(pages: Record<string, CustomPageText>): PagesInput {
  return Object.fromEntries(Object.entries(pages).map(([token, page]) => [token, { title: page.title, markdown: page.markdown ?? page.body.join('\n\n') }]));
}

function toStoredTexts(texts: Partial<Record<string, LanguageTexts>>): Record<string, SiteTexts> {
  return Object.fromEntries(
    Object.entries(texts).map(([language, entry]) => {
      const { custom_pages, ...rest } = entry ?? {};
      return [language, { ...rest, ...(custom_pages && { custom_pages: toStoredPages(custom_pages) }) }];
    }),
  );
}

function presentTexts(texts: Record<string, SiteTexts>): AdminSite['localized_texts'] {
  return Object.fromEntries(
    Object.entries(texts).map(([language, entry]) => {
      const { custom_pages, ...rest } = entry;
      return [language, { ...rest, ...(custom_pages && { custom_pages: presentPages(custom_pages) }) }];
    }),
  );
}

/** The settings as the console shows them (and as `before`/`after` of the audit log). */
export function presentSiteSettings(row: SiteRow): SiteSettingsFields {
  return {
    name: row.name,
    domain: row.domain,
    domain_aliases: row.domainAliases,
    domain_language: row.domainLanguage,
    cdn_prefix: row.cdnPrefix,
    niche: row.niche,
    signups: row.signups,
    logged_out_search: row.loggedOutSearch,
    logged_out_search_trafficsource: row.loggedOutSearchTrafficsource,
    enable_site_entry_popup: row.enableSiteEntryPopup === 'no' ? 'no' : 'yes',
    site_entry_popup_countries: row.siteEntryPopupCountries,
    countries: row.countries,
    region_words: row.regionWords as SiteSettingsFields['region_words'],
    message_credits: row.messageCredits,
    signup_credits: row.signupCredits,
    photo_credits: row.photoCredits,
    gift_credits: row.giftCredits,
    minimum_message_costs: row.minimumMessageCosts as SiteSettingsFields['minimum_message_costs'],
    message_length: row.messageLength,
    fictional_icon: row.fictionalIcon,
    fictional_warning: row.fictionalWarning,
    fictional_singular: row.fictionalSingular,
    fictional_plural: row.fictionalPlural,
    index_title: row.indexTitle,
    description: row.description,
    refund_days: row.refundDays,
    delete_discount: row.deleteDiscount,
    visible_profile_fields: row.visibleProfileFields as SiteSettingsFields['visible_profile_fields'],
    interests: row.interests as SiteSettingsFields['interests'],
    member_resell: row.memberResell,
    photo_auto_approve: row.photoAutoApprove,
    show_us_footer: row.showUsFooter,
    support_phone: row.supportPhone,
    support_email: row.supportEmail,
    mail_name: row.mailName,
    company_name: row.companyName,
    company_address: row.companyAddress,
    company_kvk: row.companyKvk,
    company_city: row.companyCity,
    company_country: row.companyCountry,
    company_tradenames: row.companyTradenames,
    company_vat_numbers: row.companyVatNumbers,
    payment_methods: row.paymentMethods as SiteSettingsFields['payment_methods'],
    payment_methods_by_country: row.paymentMethodsByCountry as SiteSettingsFields['payment_methods_by_country'],
    custom_pages: presentPages(row.customPages),
    tag_manager_id: row.tagManagerId,
    clarity_id: row.clarityId,
    localized_texts: presentTexts(row.localizedTexts),
  };
}

export function presentAdminSite(row: SiteRow, url: string): AdminSite {
  return {
    ...presentSiteSettings(row),
    id: row.id,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url,
  };
}

export function presentSiteListItem(row: SiteRow, url: string): SiteListItem {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    domain_aliases: row.domainAliases,
    domain_language: row.domainLanguage,
    niche: row.niche,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
    url,
  };
}

/** The columns for the settings given; settings left out are not touched. */
export function toSiteColumns(input: Partial<CreateSiteInput>): Partial<NewSiteRow> {
  const columns: Partial<NewSiteRow> = {};
  const set = <K extends keyof NewSiteRow>(key: K, value: NewSiteRow[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('name', input.name);
  set('domain', input.domain);
  set('domainAliases', input.domain_aliases);
  set('domainLanguage', input.domain_language);
  set('cdnPrefix', input.cdn_prefix);
  set('niche', input.niche);
  set('signups', input.signups);
  set('loggedOutSearch', input.logged_out_search);
  set('loggedOutSearchTrafficsource', input.logged_out_search_trafficsource);
  set('enableSiteEntryPopup', input.enable_site_entry_popup);
  set('siteEntryPopupCountries', input.site_entry_popup_countries);
  set('countries', input.countries);
  set('regionWords', input.region_words as Record<string, string> | undefined);
  set('messageCredits', input.message_credits);
  set('signupCredits', input.signup_credits);
  set('photoCredits', input.photo_credits);
  set('giftCredits', input.gift_credits);
  set('minimumMessageCosts', input.minimum_message_costs as NewSiteRow['minimumMessageCosts']);
  set('messageLength', input.message_length);
  set('fictionalIcon', input.fictional_icon);
  set('fictionalWarning', input.fictional_warning);
  set('fictionalSingular', input.fictional_singular);
  set('fictionalPlural', input.fictional_plural);
  set('indexTitle', input.index_title);
  set('description', input.description);
  set('refundDays', input.refund_days);
  set('deleteDiscount', input.delete_discount);
  set('visibleProfileFields', input.visible_profile_fields);
  set('interests', input.interests);
  set('memberResell', input.member_resell);
  set('photoAutoApprove', input.photo_auto_approve);
  set('showUsFooter', input.show_us_footer);
  set('supportPhone', input.support_phone);
  set('supportEmail', input.support_email);
  set('mailName', input.mail_name);
  set('companyName', input.company_name);
  set('companyAddress', input.company_address);
  set('companyKvk', input.company_kvk);
  set('companyCity', input.company_city);
  set('companyCountry', input.company_country);
  set('companyTradenames', input.company_tradenames);
  set('companyVatNumbers', input.company_vat_numbers);
  set('paymentMethods', input.payment_methods);
  set('paymentMethodsByCountry', input.payment_methods_by_country as Record<string, string[]> | undefined);
  set('tagManagerId', input.tag_manager_id);
  set('clarityId', input.clarity_id);
  if (input.custom_pages) columns.customPages = toStoredPages(input.custom_pages);
  if (input.localized_texts) columns.localizedTexts = toStoredTexts(input.localized_texts);
  return columns;
}

export function presentBundle(row: BundleRow): AdminBundle {
  return {
    id: row.id,
    site_id: row.siteId,
    version: row.version,
    credits: row.credits,
    prices: row.prices as AdminBundle['prices'],
    highlighted: row.highlighted,
    sort_order: row.sortOrder,
    active: row.active,
  };
}
