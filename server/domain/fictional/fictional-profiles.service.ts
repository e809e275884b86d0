import type { Database } from '../../db/client';
import {
  createFictionalRepository,
  type FictionalProfileFields,
  type FictionalProfileRecord,
  type FictionalSort,
} from '../../db/repositories/fictional.repository';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { assertAdultDateOfBirth } from '../profiles/age-rule';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { siteOptionsFor } from '../staff/site-options';
import { assertSiteAllowed, isSiteAllowed, narrowScope, scopeOfActor, type SiteScope } from '../staff/site-scope';
import { presentFictionalProfile } from './fictional-presenter';

export interface FictionalProfileChange extends Partial<FictionalProfileFields> {
  /** The version the editor saw; an edit made since wins, and this one is refused. */
  version: number;
}

/** The fields of a fictional profile an audit entry shows (as presented, without id and version); the flag is always there, always true. */
export function auditableFictional(row: FictionalProfileRecord) {
  const { id: _id, updated_at: _updatedAt, version: _version, under_age: _underAge, ...fields } = presentFictionalProfile(row);
  return fields;
}

/**
 * Fictional profiles, made and edited in the console (issue 16). Each is an ordinary profile
 * flagged `is_fictional` for good: members see the site's fictional label on it everywhere, and
 * nothing here (nor any other route) can clear the flag. Every write is audited in its own
 * transaction; an edit from an older version is refused (409). The age rule holds for them as for
 * members: nobody under 18, on creation and after every edit. A profile belongs to the site it was
 * made for: staff limited to other sites (ADR 0060) find no such profile, and cannot make one there.
 */
export function createFictionalProfilesService(deps: { db: Database; sites: SitesRepository; audit: AuditService; clock: Clock }) {
  const reader = createFictionalRepository(deps.db);
  return {
    /** One page of the profiles of `siteId` (or of every site) within `scope`; a site outside it lists nothing. */
    list: (siteId: number | null, sort: FictionalSort, dir: 'asc' | 'desc', offset: number, limit: number, scope: SiteScope) =>
      reader.listProfiles(narrowScope(scope, siteId), sort, dir, offset, limit),

    /** The sites the list can be filtered by, and a profile made on. */
    siteOptions: (scope: SiteScope) => siteOptionsFor(deps.sites, scope),

    async find(id: number, scope: SiteScope): Promise<FictionalProfileRecord> {
      const row = await reader.findProfile(id);
      if (!row) throw new AppError('not_found');
      assertSiteAllowed(scope, row.siteId);
      return row;
    },

    /** A site outside the actor's is answered as a missing one, before the fields are judged. */
    async create(actor: StaffActor, siteId: number, fields: FictionalProfileFields): Promise<FictionalProfileRecord> {
      if (!isSiteAllowed(scopeOfActor(actor), siteId)) throw new AppError('not_found');
      assertAdultDateOfBirth(fields.dateOfBirth, deps.clock.now());
      if (!(await deps.sites.findById(siteId))) throw new AppError('not_found');
      return deps.db.transaction(async (tx) => {
        const repository = createFictionalRepository(tx);
        const id = await repository.insertProfile(siteId, fields, actor.id, deps.clock.now());
        const created = (await repository.findProfile(id))!;
        await deps.audit.record(tx, actor, { action: 'fictional.create', targetType: 'profile', targetId: id, after: auditableFictional(created) });
        return created;
      });
    },

    async update(actor: StaffActor, id: number, change: FictionalProfileChange): Promise<FictionalProfileRecord> {
      const { version, ...fields } = change;
      return deps.db.transaction(async (tx) => {
        const repository = createFictionalRepository(tx);
        const before = await repository.lockProfile(id);
        if (!before) throw new AppError('not_found');
        assertSiteAllowed(scopeOfActor(actor), before.siteId);
        if (before.version !== version) throw new AppError('version_conflict');
        // Checked on the date the profile will have, so a profile saved before the rule is fixed by its next edit.
        assertAdultDateOfBirth(fields.dateOfBirth ?? before.dateOfBirth, deps.clock.now());
        await repository.updateProfile(id, fields, deps.clock.now());
        const after = (await repository.findProfile(id))!;
        await deps.audit.record(tx, actor, {
          action: 'fictional.update',
          targetType: 'profile',
          targetId: id,
          before: auditableFictional(before),
          after: auditableFictional(after),
        });
        return after;
      });
    },
  };
}

export type FictionalProfilesService = ReturnType<typeof createFictionalProfilesService>;
