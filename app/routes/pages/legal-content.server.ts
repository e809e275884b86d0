import type { AppLoadContext } from 'react-router';

export const LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service', 'complaints'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export interface LegalDocument {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export function isLegalPage(token: string): token is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(token);
}

/**
 * One legal page in the visitor's language with the site's company facts filled in. Only the
 * page asked for travels to the browser, not the whole legal catalogue.
 */
export function loadLegalDocument(context: AppLoadContext, page: LegalPage): LegalDocument {
  const catalogue = context.getMessages(context.language, 'legal') as Record<string, LegalDocument | undefined>;
  const fallback = context.getMessages('en', 'legal') as Record<string, LegalDocument>;
  const source = catalogue[page] ?? fallback[page];
  const values = legalValues(context);
  const fill = (text: string) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
  return {
    title: fill(source.title),
    intro: fill(source.intro),
    sections: source.sections.map((section) => ({
      heading: fill(section.heading),
      paragraphs: section.paragraphs.map(fill),
    })),
  };
}

/** The terms' version date (spec §9: the later of 2023-12-01 12:00 UTC and the company's date) in the page language. */
export function formatTermsVersionDate({ termsVersionDate, language }: Pick<AppLoadContext, 'termsVersionDate' | 'language'>): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(termsVersionDate));
}

function legalValues(context: AppLoadContext): Record<string, string> {
  const { settings, company } = context;
  const versionDate = formatTermsVersionDate(context);
  return {
    site_name: settings.name,
    domain: settings.domain,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: company.country,
    company_kvk: company.kvk,
    vat_numbers: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', ') || settings.name,
    support_email: settings.support_email,
    support_phone: company.support_phone,
    refund_days: String(settings.refund_days),
    terms_version_date: versionDate,
    message_credits: String(settings.message_credits),
    min_age: '18',
  };
}
