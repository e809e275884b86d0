import type { SiteRow } from '../../db/schema/index';
import type { PartnerCardKind } from '../../../contract/partner-cards';

/**
 * The partner's address with the site's tracking, so partners can credit the visitors each site
 * sends: `utm_source` is the site's configured domain (never a request's Host header, which
 * anybody can set), `utm_medium=partner_card` and `utm_campaign` the card's kind. The partner's
 * own parameters stay; ours replace any of the same name the operator may have typed.
 */
export function withSiteTracking(url: string, site: Pick<SiteRow, 'domain'>, kind: PartnerCardKind): string {
  const tracked = new URL(url);
  tracked.searchParams.set('utm_source', site.domain);
  tracked.searchParams.set('utm_medium', 'partner_card');
  tracked.searchParams.set('utm_campaign', kind);
  return tracked.toString();
}
