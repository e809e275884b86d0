import type { StaffRole } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createStaffRepository, type StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { auditableStaff } from './staff-presenter';
import { checkedSiteIds } from './staff-sites';

export interface StaffChange {
  /** The version the owner saw; an edit made since wins, and this one is refused. */
  version: number;
  role?: StaffRole;
  status?: 'active' | 'disabled';
  refundLimitCredits?: number;
  goodwillPerGrant?: number;
  goodwillPer30Days?: number;
  /** The sites to limit the member to (ADR 0060); empty for every site. */
  siteIds?: readonly number[];
}

/** Owners manage the staff: roles, disabling an account, support's refund limit, each one's goodwill limits, the sites each works on. */
export function createStaffAdminService(deps: { db: Executor; staff: StaffRepository; audit: AuditService }) {
  return {
    list: () => deps.staff.list(),

    /**
     * Changes a staff account, audited in the same transaction. The last active owner can be
     * neither demoted nor disabled (nobody could manage staff any more); a disabled account's
     * sessions end at once.
     */
    async update(actor: StaffActor, id: number, change: StaffChange): Promise<StaffRow> {
      return deps.db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const before = await staff.lock(id);
        if (!before) throw new AppError('not_found');
        if (before.version !== change.version) throw new AppError('version_conflict');
        if (change.status === 'active' && before.status === 'invited') throw new AppError('staff_not_enrolled');
        const losesOwner = before.role === 'owner' && before.status === 'active' && ((change.role && change.role !== 'owner') || change.status === 'disabled');
        if (losesOwner && (await staff.countActiveOwners()) <= 1) throw new AppError('last_owner');
        const siteIds = await checkedSiteIds(tx, change.role ?? before.role, change.siteIds);
        const after = await staff.update(id, {
          ...(siteIds && { siteIds }),
          ...(change.role && { role: change.role }),
          ...(change.status && { status: change.status }),
          ...(change.refundLimitCredits !== undefined && { refundLimitCredits: change.refundLimitCredits }),
          ...(change.goodwillPerGrant !== undefined && { goodwillPerGrant: change.goodwillPerGrant }),
          ...(change.goodwillPer30Days !== undefined && { goodwillPer30Days: change.goodwillPer30Days }),
        });
        // A session carries no copy of the sites (each request reads the account), so a narrower
        // choice holds from the next request on without signing anyone out.
        if (after.status === 'disabled' || after.role !== before.role) await staff.deleteSessionsOf(id);
        await deps.audit.record(tx, actor, {
          action: 'staff.update',
          targetType: 'staff',
          targetId: id,
          before: auditableStaff(before),
          after: auditableStaff(after),
        });
        return after;
      });
    },
  };
}

export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
