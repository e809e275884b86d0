import type { Database, Executor } from '../../db/client';
import { createCannedRepliesRepository, type CannedReplyFields } from '../../db/repositories/canned-replies.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { CannedReplyRow } from '../../db/schema/index';
import { diffFields, type AuditService, type StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { siteOptionsFor } from '../staff/site-options';
import { assertSiteAllowed, isSiteAllowed, scopeOfActor, type SiteScope } from '../staff/site-scope';

/** What the audit log keeps of a reply: everything an admin wrote. */
function auditable(row: CannedReplyRow) {
  return { site_id: row.siteId, language: row.language, title: row.title, body: row.body };
}

/**
 * Canned replies for hosts (issue 32), per site and language. Hosts read them while answering;
 * admins create, edit and delete them, each write committed with its audit row. Every reply is
 * of one site: staff limited to other sites (ADR 0060) neither read nor change it, and a site
 * outside theirs is answered as one that does not exist.
 */
export function createCannedRepliesService(deps: { db: Database; sites: SitesRepository; audit: AuditService; clock: Clock }) {
  const reader = createCannedRepliesRepository(deps.db);

  async function assertSiteExists(siteId: number, scope: SiteScope) {
    if (isSiteAllowed(scope, siteId) && (await deps.sites.findById(siteId))) return;
    throw new AppError('validation_failed', {
      params: { fields: 'site_id' },
      fields: [{ field: 'body.site_id', code: 'validation_failed' }],
      detail: `no site ${siteId}`,
    });
  }

  /** Locks the reply and runs `write` on it with the audit row, in one transaction; a missing reply, or one of another site, is a 404. */
  function change<T>(actor: StaffActor, id: number, write: (tx: Executor, before: CannedReplyRow) => Promise<T>) {
    return deps.db.transaction(async (tx) => {
      const repository = createCannedRepliesRepository(tx);
      const before = await repository.lock(id);
      if (!before) throw new AppError('not_found');
      assertSiteAllowed(scopeOfActor(actor), before.siteId);
      return write(tx, before);
    });
  }

  return {
    /** A site's replies, in one language or all; none for a site outside `scope`. */
    list: async (siteId: number, language: string | null, scope: SiteScope): Promise<CannedReplyRow[]> =>
      isSiteAllowed(scope, siteId) ? reader.list(siteId, language) : [],

    /** The sites whose replies the caller may pick. */
    siteOptions: (scope: SiteScope) => siteOptionsFor(deps.sites, scope),

    async create(actor: StaffActor, siteId: number, fields: CannedReplyFields): Promise<CannedReplyRow> {
      await assertSiteExists(siteId, scopeOfActor(actor));
      return deps.db.transaction(async (tx) => {
        const created = await createCannedRepliesRepository(tx).insert(siteId, fields, actor.id, deps.clock.now());
        await deps.audit.record(tx, actor, { action: 'canned_reply.create', targetType: 'canned_reply', targetId: created.id, after: auditable(created) });
        return created;
      });
    },

    update(actor: StaffActor, id: number, fields: Partial<CannedReplyFields>): Promise<CannedReplyRow> {
      return change(actor, id, async (tx, before) => {
        const after = await createCannedRepliesRepository(tx).update(id, fields, deps.clock.now());
        const diff = diffFields(auditable(before), auditable(after));
        await deps.audit.record(tx, actor, { action: 'canned_reply.update', targetType: 'canned_reply', targetId: id, ...diff });
        return after;
      });
    },

    remove(actor: StaffActor, id: number): Promise<void> {
      return change(actor, id, async (tx, before) => {
        await createCannedRepliesRepository(tx).remove(id);
        await deps.audit.record(tx, actor, { action: 'canned_reply.delete', targetType: 'canned_reply', targetId: id, before: auditable(before) });
      });
    },
  };
}

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;
