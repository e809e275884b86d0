import type { Executor } from '../../db/client';
import { createStaffRepository, type StaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import type { StaffEnrolmentService } from './staff-enrolment.service';
import { auditableStaff } from './staff-presenter';

/**
 * An owner's second thoughts about an invitation: send it again (a new link; the earlier ones
 * stop working) or withdraw it. A withdrawn invitation removes the account that was never used —
 * it never signed in, so nothing names it but the audit log, which keeps its address — and every
 * link to it stops working; the address can be invited again later.
 */
export function createStaffInvitationsService(deps: { db: Executor; staff: StaffRepository; audit: AuditService; enrolment: StaffEnrolmentService }) {
  async function getInvited(id: number): Promise<StaffRow> {
    const member = await deps.staff.findById(id);
    if (!member) throw new AppError('not_found');
    if (member.status !== 'invited') throw new AppError('staff_not_invited');
    return member;
  }

  return {
    /** A new link, mailed and returned; audited as an invitation like the first. */
    async resend(actor: StaffActor, id: number): Promise<{ member: StaffRow; url: string }> {
      const member = await getInvited(id);
      return deps.enrolment.invite(actor, { email: member.email, role: member.role, name: member.name || undefined });
    },

    async withdraw(actor: StaffActor, id: number): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const member = await staff.lock(id);
        if (!member) throw new AppError('not_found');
        // Accepted meanwhile (the lock waits for an enrolment in progress): it is an account now, to disable instead.
        if (member.status !== 'invited' || !(await staff.deleteInvited(id))) throw new AppError('staff_not_invited');
        await deps.audit.record(tx, actor, {
          action: 'staff.invitation_withdraw',
          targetType: 'staff',
          targetId: id,
          before: auditableStaff(member),
          after: {},
        });
      });
    },
  };
}

export type StaffInvitationsService = ReturnType<typeof createStaffInvitationsService>;
