import type { SiteRow } from '../../db/schema/index';

/** Spec §9: terms are versioned no earlier than this moment. */
const TERMS_BASE_DATE = new Date('2023-12-01T12:00:00Z');

/** The later of 2023-12-01 12:00 UTC and the date the company was added. */
export function getTermsVersionDate(site: Pick<SiteRow, 'companyAdded'>): Date {
  return site.companyAdded > TERMS_BASE_DATE ? site.companyAdded : TERMS_BASE_DATE;
}

/** Phone numbers are shown as entered but dialled without dashes and spaces (spec §9). */
export function cleanPhoneNumber(phone: string): string {
  return phone.replace(/[-\s]/g, '');
}

/** Lower-cases a Host header and drops the port and a leading "www.". */
export function normalizeHost(host: string | undefined): string {
  if (!host) return '';
  const withoutPort = host.trim().toLowerCase().replace(/:\d+$/, '');
  return withoutPort.startsWith('www.') ? withoutPort.slice(4) : withoutPort;
}
