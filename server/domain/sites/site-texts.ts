import { DEFAULT_LANGUAGE, toSupportedLanguage, type Language } from '../../../contract/locales';
import { SITE_TEXT_KEYS, type SiteRow, type SiteTextKey, type SiteTexts } from '../../db/schema/index';

export type ResolvedSiteTexts = Record<SiteTextKey, string>;
type CustomPage = { title: string; body: string[]; markdown?: string };
/** The columns that hold an operator's texts. */
type TextColumns = Pick<
  SiteRow,
  'domainLanguage' | 'indexTitle' | 'description' | 'fictionalWarning' | 'fictionalSingular' | 'fictionalPlural' | 'localizedTexts'
>;

/** The language the site's plain text columns are written in: its `domain_language`. */
export function siteLanguage(site: Pick<SiteRow, 'domainLanguage'>): Language {
  return toSupportedLanguage(site.domainLanguage) ?? DEFAULT_LANGUAGE;
}

/** The site's texts in its own language: the plain columns, with any override written for that language. */
function ownTexts(site: TextColumns): ResolvedSiteTexts {
  const override = site.localizedTexts[siteLanguage(site)] ?? {};
  const plain: ResolvedSiteTexts = {
    index_title: site.indexTitle,
    description: site.description,
    fictional_warning: site.fictionalWarning,
    fictional_singular: site.fictionalSingular,
    fictional_plural: site.fictionalPlural,
  };
  return Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, override[key] || plain[key]])) as ResolvedSiteTexts;
}

const hasAnyText = (texts: SiteTexts | undefined): texts is SiteTexts => !!texts && SITE_TEXT_KEYS.some((key) => !!texts[key]);

/**
 * The operator's texts for a page in `language`, all from one language so a page never mixes
 * two: the page language's own when the site has any text in it, else the site's own
 * language. A text the chosen language lacks is empty (the page shows its built-in text in
 * the page language then), never taken from another language.
 */
export function resolveSiteTexts(site: TextColumns, language: Language): ResolvedSiteTexts {
  if (language === siteLanguage(site)) return ownTexts(site);
  const written = site.localizedTexts[language];
  if (!hasAnyText(written)) return ownTexts(site);
  return Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, written[key] ?? ''])) as ResolvedSiteTexts;
}

/** An operator's extra page in the page language when written in it, else in the site's own language; null when unknown. */
export function findCustomPage(site: Pick<SiteRow, 'domainLanguage' | 'customPages' | 'localizedTexts'>, token: string, language: Language): CustomPage | null {
  const translated = site.localizedTexts[language]?.custom_pages;
  if (translated && Object.hasOwn(translated, token)) return translated[token];
  const own = site.localizedTexts[siteLanguage(site)]?.custom_pages;
  if (own && Object.hasOwn(own, token)) return own[token];
  return Object.hasOwn(site.customPages, token) ? site.customPages[token] : null;
}
