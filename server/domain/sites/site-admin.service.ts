import {
  MAX_BUNDLES_PER_SITE,
  type CreateBundleInput,
  type CreateSiteInput,
  type SiteListQuery,
  type UpdateBundleInput,
  type UpdateSiteInput,
} from '../../../contract/admin/sites';
import type { Executor } from '../../db/client';
import { createSiteAdminRepository, type BundleRow } from '../../db/repositories/site-admin.repository';
import type { SiteRow } from '../../db/schema/index';
import type { SiteChangeBus } from '../../realtime/site-change-bus';
import type { AuditService, StaffActor } from '../audit/audit.service';
import type { Clock } from '../shared/clock';
import { AppError } from '../shared/app-error';
import { assertEverySiteAllowed, assertSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { presentBundle, presentSiteSettings, toSiteColumns } from './site-admin-presenter';

/**
 * What operators do with sites in the console: list, read, create, edit, disable and enable a
 * site, and its credit bundles. Every write checks the version the operator read (409 when
 * someone else saved in between), is audited in its own transaction, and is announced over the
 * site change bus after commit so every instance drops its cached rows at once.
 *
 * Staff limited to chosen sites (ADR 0060) list and open only those; another site answers as a
 * missing one, before any other check, and only staff of every site create sites.
 */
export function createSiteAdminService(deps: { db: Executor; audit: AuditService; clock: Clock; changes: SiteChangeBus; onError?: (error: unknown) => void }) {
  const reader = createSiteAdminRepository(deps.db);
  const onError = deps.onError ?? ((error: unknown) => console.error('site change announcement failed', error));

  /** After commit: a failed announcement leaves the change to the cache's expiry (seconds), never undoes it. */
  async function announce(siteId: number) {
    await deps.changes.publish(siteId).catch(onError);
  }

  /** Refuses hosts that another site (or this site's own other field) already answers to. */
  async function checkHosts(tx: Executor, siteId: number | null, domain: string, aliases: string[]) {
    if (aliases.includes(domain)) throw hostTaken('domain_aliases', domain);
    const repository = createSiteAdminRepository(tx);
    await repository.lockHostNames();
    const taken = await repository.hostsTaken([domain, ...aliases], siteId);
    if (taken.length) throw hostTaken(taken[0] === domain ? 'domain' : 'domain_aliases', taken[0]);
  }

  return {
    async list(query: SiteListQuery, scope: SiteScope): Promise<{ rows: SiteRow[]; hasMore: boolean }> {
      const rows = await reader.page(query, scope);
      return { rows: rows.slice(0, query.page_size), hasMore: rows.length > query.page_size };
    },

    async get(id: number, scope: SiteScope): Promise<SiteRow> {
      assertSiteAllowed(scope, id);
      const site = await reader.findById(id);
      if (!site) throw new AppError('not_found');
      return site;
    },

    /** A new site would lie outside a limited staff member's own scope: only staff of every site create one. */
    async create(actor: StaffActor, input: CreateSiteInput): Promise<SiteRow> {
      assertEverySiteAllowed(scopeOfActor(actor));
      const site = await deps.db.transaction(async (tx) => {
        await checkHosts(tx, null, input.domain, input.domain_aliases ?? []);
        const now = deps.clock.now();
        const row = await createSiteAdminRepository(tx).insert({
          ...toSiteColumns(input),
          name: input.name,
          domain: input.domain,
          createdAt: now,
          updatedAt: now,
          companyAdded: now,
        });
        await deps.audit.record(tx, actor, {
          action: 'site.create',
          targetType: 'site',
          targetId: row.id,
          after: { ...presentSiteSettings(row), status: row.status },
        });
        return row;
      });
      await announce(site.id);
      return site;
    },

    /** Changes the settings given; `status` disables or enables the site (its own audit action). */
    async update(actor: StaffActor, id: number, change: UpdateSiteInput): Promise<SiteRow> {
      assertSiteAllowed(scopeOfActor(actor), id);
      const { version, status, ...settings } = change;
      const site = await deps.db.transaction(async (tx) => {
        const repository = createSiteAdminRepository(tx);
        const before = await repository.lock(id);
        if (!before) throw new AppError('not_found');
        if (before.version !== version) throw new AppError('version_conflict');
        if (settings.domain !== undefined || settings.domain_aliases !== undefined) {
          await checkHosts(tx, id, settings.domain ?? before.domain, settings.domain_aliases ?? before.domainAliases);
        }
        const after = await repository.update(id, { ...toSiteColumns(settings), ...(status && { status }) }, deps.clock.now());
        const action = status && status !== before.status ? (status === 'disabled' ? 'site.disable' : 'site.enable') : 'site.update';
        await deps.audit.record(tx, actor, {
          action,
          targetType: 'site',
          targetId: id,
          before: { ...presentSiteSettings(before), status: before.status },
          after: { ...presentSiteSettings(after), status: after.status },
        });
        return after;
      });
      await announce(id);
      return site;
    },

    async listBundles(siteId: number, scope: SiteScope): Promise<BundleRow[]> {
      await this.get(siteId, scope);
      return reader.listBundles(siteId);
    },

    async createBundle(actor: StaffActor, siteId: number, input: CreateBundleInput): Promise<BundleRow> {
      assertSiteAllowed(scopeOfActor(actor), siteId);
      return deps.db.transaction(async (tx) => {
        const repository = createSiteAdminRepository(tx);
        // Locking the site serialises bundle creation per site, so the cap holds.
        if (!(await repository.lock(siteId))) throw new AppError('not_found');
        if ((await repository.countBundles(siteId)) >= MAX_BUNDLES_PER_SITE) throw new AppError('too_many_bundles', { params: { max: MAX_BUNDLES_PER_SITE } });
        const row = await repository.insertBundle({
          siteId,
          credits: input.credits,
          prices: input.prices as BundleRow['prices'],
          highlighted: input.highlighted ?? false,
          sortOrder: input.sort_order ?? 0,
          active: input.active ?? true,
        });
        await deps.audit.record(tx, actor, { action: 'site.bundle.create', targetType: 'credit_bundle', targetId: row.id, after: presentBundle(row) });
        return row;
      });
    },

    /** A new price shows on `/credits` at once: bundles are read per request, not cached. */
    async updateBundle(actor: StaffActor, siteId: number, bundleId: number, change: UpdateBundleInput): Promise<BundleRow> {
      assertSiteAllowed(scopeOfActor(actor), siteId);
      return deps.db.transaction(async (tx) => {
        const repository = createSiteAdminRepository(tx);
        const before = await repository.lockBundle(siteId, bundleId);
        if (!before) throw new AppError('not_found');
        if (before.version !== change.version) throw new AppError('version_conflict');
        const after = await repository.updateBundle(bundleId, {
          ...(change.credits !== undefined && { credits: change.credits }),
          ...(change.prices !== undefined && { prices: change.prices as BundleRow['prices'] }),
          ...(change.highlighted !== undefined && { highlighted: change.highlighted }),
          ...(change.sort_order !== undefined && { sortOrder: change.sort_order }),
          ...(change.active !== undefined && { active: change.active }),
        });
        await deps.audit.record(tx, actor, {
          action: 'site.bundle.update',
          targetType: 'credit_bundle',
          targetId: bundleId,
          before: presentBundle(before),
          after: presentBundle(after),
        });
        return after;
      });
    },
  };
}

export type SiteAdminService = ReturnType<typeof createSiteAdminService>;

function hostTaken(field: 'domain' | 'domain_aliases', host: string) {
  return new AppError('site_host_taken', { params: { host }, fields: [{ field: `body.${field}`, code: 'site_host_taken', params: { host } }] });
}
