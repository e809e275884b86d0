import type { AdminPartnerCard } from '../../../contract/admin/partner-cards';
import type { PartnerCard } from '../../../contract/partner-cards';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { PartnerCardRow } from '../../db/repositories/partner-cards.repository';
import type { SiteRow } from '../../db/schema/index';
import { withSiteTracking } from './partner-tracking';

/** A card as a site's search shows it: the image's address and the link with the site's tracking. */
export function presentPartnerCard(row: PartnerCardRow, site: Pick<SiteRow, 'domain'>, storage: Pick<MediaStorage, 'urlOf'>): PartnerCard {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    age: row.age,
    city: row.city,
    image: row.imageKey ? storage.urlOf(row.imageKey) : null,
    url: withSiteTracking(row.url, site, row.kind),
  };
}

/** A card as the console lists and edits it (the URL as entered). */
export function presentAdminPartnerCard(row: PartnerCardRow, storage: Pick<MediaStorage, 'urlOf'>): AdminPartnerCard {
  return {
    id: row.id,
    site_id: row.siteId,
    kind: row.kind,
    name: row.name,
    age: row.age,
    city: row.city,
    image: row.imageKey ? storage.urlOf(row.imageKey) : null,
    url: row.url,
    active: row.active,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
  };
}

/** What an audit entry shows of a card: its fields, without id and creation time. */
export function auditablePartnerCard(row: PartnerCardRow) {
  return {
    site_id: row.siteId,
    kind: row.kind,
    name: row.name,
    age: row.age,
    city: row.city,
    image_key: row.imageKey,
    url: row.url,
    active: row.active,
    sort_order: row.sortOrder,
  };
}
