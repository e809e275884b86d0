import crypto from 'node:crypto';
import type { PartnerCard } from '../../../contract/partner-cards';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import type { Database } from '../../db/client';
import {
  createPartnerCardsRepository,
  type PartnerCardFields,
  type PartnerCardRow,
  type PartnerCardsRepository,
} from '../../db/repositories/partner-cards.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { SiteRow } from '../../db/schema/index';
import { diffFields, type AuditService, type StaffActor } from '../audit/audit.service';
import { ImageRejected, processUpload } from '../photos/image-processing';
import { AppError } from '../shared/app-error';
import type { SiteChangeBus } from '../../realtime/site-change-bus';
import type { Clock } from '../shared/clock';
import { keepValues } from '../shared/kept-values';
import { assertSiteAllowed, assertSiteWritable, isSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { auditablePartnerCard, presentPartnerCard } from './partner-cards-presenter';

/** How long a site's cards are kept for search: the console's edits drop them at once (below); this bounds a missed announcement. */
const SHOWN_CARDS_KEPT_MS = 30_000;

/**
 * The cards a site shows in search (read side only, so that search needs no console parts).
 * Kept per site for a short time: they change when an operator edits them, and every first page
 * of a search asked the database for them again (issue 36: a third query on most searches). The
 * console announces its edits on the site change bus, which calls `forget` on every instance.
 */
export function createPartnerCardsDisplay(deps: { cards: PartnerCardsRepository; storage: Pick<MediaStorage, 'urlOf'>; clock: Clock; keptMs?: number }) {
  interface KeptCards {
    rows: PartnerCardRow[];
    /**
     * The cards as shown, per site row: presenting them (image addresses, the site's tracking in
     * each partner's address) was a twentieth of a logged-out search's CPU when done per search.
     * A site row is replaced when its site changes, so a changed domain presents them again.
     */
    shown: WeakMap<SiteRow, PartnerCard[]>;
  }
  // One entry per site: sites are made by operators, so the bound is never reached in practice.
  const kept = keepValues<number, KeptCards>({ clock: deps.clock, keptMs: deps.keptMs ?? SHOWN_CARDS_KEPT_MS, maxKeys: 10_000 });

  return {
    /** None unless the site's `member_resell` setting is on. The list is shared, and frozen: read it, never change it. */
    async shownOn(site: SiteRow): Promise<PartnerCard[]> {
      if (!site.memberResell) return [];
      const entry = await kept.get(site.id, async () => ({ rows: await deps.cards.listShownOn(site.id), shown: new WeakMap() }));
      let shown = entry.shown.get(site);
      if (!shown) {
        shown = Object.freeze(entry.rows.map((row) => Object.freeze(presentPartnerCard(row, site, deps.storage)))) as PartnerCard[];
        entry.shown.set(site, shown);
      }
      return shown;
    },

    /** Drops every kept list: the next search reads its site's cards again. */
    forget(): void {
      kept.forget();
    },
  };
}

export type PartnerCardsDisplay = ReturnType<typeof createPartnerCardsDisplay>;

/**
 * Partner cards (spec §2 cam-profile card; issue 18): the console's list and edits. Every console write commits with its audit
 * row; images are re-encoded from pixels like members' photos (no EXIF, no smuggled bytes).
 *
 * A card belongs to its site; a card for all sites shows on every site (ADR 0060). Staff limited
 * to chosen sites see their sites' cards and the all-sites ones; another site's card is not
 * found. They change only their sites' cards: an all-sites card, or making one for all sites,
 * would reach sites outside their scope (`staff_sites_limited`).
 */
export function createPartnerCardsService(deps: {
  db: Database;
  sites: SitesRepository;
  storage: MediaStorage;
  audit: AuditService;
  clock: Clock;
  /** Told after commit which sites' cards changed, so search on every instance stops showing the old ones. */
  changes?: Pick<SiteChangeBus, 'publish'>;
}) {
  const reader = createPartnerCardsRepository(deps.db);

  /** After commit; a card for all sites changes every site. A failed announcement leaves it to the search's expiry (seconds). */
  async function announce(...siteIds: Array<number | null>) {
    if (!deps.changes) return;
    const ids = siteIds.includes(null) ? (await deps.sites.names()).map((site) => site.id) : siteIds;
    for (const id of new Set(ids)) {
      await deps.changes.publish(id as number).catch((error: unknown) => console.error('partner card change announcement failed', error));
    }
  }

  /** The site a card is put on: one outside the scope is refused as one that does not exist. */
  async function assertSiteUsable(scope: SiteScope, siteId: number | null | undefined) {
    if (siteId === undefined) return;
    if (siteId === null) return assertSiteWritable(scope, null);
    if (isSiteAllowed(scope, siteId) && (await deps.sites.findById(siteId))) return;
    throw new AppError('validation_failed', {
      params: { fields: 'site_id' },
      fields: [{ field: 'body.site_id', code: 'validation_failed' }],
      detail: `no site ${siteId}`,
    });
  }

  /**
   * Locks the card, checks the actor may change it and where it goes, applies the change and
   * audits before and after — all in one transaction.
   */
  function change(actor: StaffActor, id: number, action: string, fields: Partial<PartnerCardFields> & { imageKey?: string | null }) {
    const scope = scopeOfActor(actor);
    return deps.db.transaction(async (tx) => {
      const repository = createPartnerCardsRepository(tx);
      const before = await repository.lock(id);
      if (!before) throw new AppError('not_found');
      // Another site's card is not found; an all-sites one is refused to limited staff.
      assertSiteWritable(scope, before.siteId);
      await assertSiteUsable(scope, fields.siteId);
      const after = Object.keys(fields).length > 0 ? await repository.update(id, fields) : before;
      const diff = diffFields(auditablePartnerCard(before), auditablePartnerCard(after));
      await deps.audit.record(tx, actor, { action, targetType: 'partner_card', targetId: id, ...diff });
      return { before, after };
    });
  }

  async function changeAndAnnounce(actor: StaffActor, id: number, action: string, fields: Partial<PartnerCardFields> & { imageKey?: string | null }) {
    const changed = await change(actor, id, action, fields);
    await announce(changed.before.siteId, changed.after.siteId);
    return changed;
  }

  return {
    /** The cards of the allowed sites (and the all-sites ones); a site filter outside the scope finds none. */
    async list(siteId: number | null, scope: SiteScope): Promise<PartnerCardRow[]> {
      if (siteId !== null && !isSiteAllowed(scope, siteId)) return [];
      return reader.list(siteId, scope);
    },

    async get(id: number, scope: SiteScope): Promise<PartnerCardRow> {
      const row = await reader.find(id);
      if (!row) throw new AppError('not_found');
      if (row.siteId !== null) assertSiteAllowed(scope, row.siteId);
      return row;
    },

    async create(actor: StaffActor, fields: PartnerCardFields): Promise<PartnerCardRow> {
      await assertSiteUsable(scopeOfActor(actor), fields.siteId);
      const created = await deps.db.transaction(async (tx) => {
        const created = await createPartnerCardsRepository(tx).insert(fields, deps.clock.now());
        await deps.audit.record(tx, actor, {
          action: 'partner_card.create',
          targetType: 'partner_card',
          targetId: created.id,
          after: auditablePartnerCard(created),
        });
        return created;
      });
      await announce(created.siteId);
      return created;
    },

    /** Edits the card; `active: false` deactivates it (cards are kept, not deleted, so the audit log keeps its meaning). */
    async update(actor: StaffActor, id: number, fields: Partial<PartnerCardFields>): Promise<PartnerCardRow> {
      return (await changeAndAnnounce(actor, id, 'partner_card.update', fields)).after;
    },

    /** Replaces the card's image with a re-encoded square WebP; the old file goes once the change is committed. */
    async setImage(actor: StaffActor, id: number, data: Buffer, declaredType: string): Promise<PartnerCardRow> {
      const scope = scopeOfActor(actor);
      assertSiteWritable(scope, (await this.get(id, scope)).siteId);
      const image = await processUpload(data, declaredType).catch((error: unknown) => {
        if (error instanceof ImageRejected) throw new AppError(error.problem, { detail: error.message });
        throw error;
      });
      // The 320 px square crop: a card is never shown larger than that in the grid.
      const key = `partners/${crypto.randomBytes(16).toString('hex')}.webp`;
      await deps.storage.write(key, image.thumb, 'image/webp');
      try {
        const { before, after } = await changeAndAnnounce(actor, id, 'partner_card.image', { imageKey: key });
        if (before.imageKey) await deps.storage.remove(before.imageKey);
        return after;
      } catch (error) {
        await deps.storage.remove(key);
        throw error;
      }
    },
  };
}

export type PartnerCardsService = ReturnType<typeof createPartnerCardsService>;
