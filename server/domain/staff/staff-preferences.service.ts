import type { Language } from '../../../contract/locales';
import type { Executor } from '../../db/client';
import { createStaffRepository } from '../../db/repositories/staff.repository';
import type { StaffRow } from '../../db/schema/index';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { AppError } from '../shared/app-error';
import { auditableStaff } from './staff-presenter';

/** What each staff member sets for themselves in the console: the language it speaks to them (issue 32). */
export function createStaffPreferencesService(deps: { db: Executor; audit: AuditService }) {
  return {
    /**
     * Changes the signed-in staff member's own console language, audited in the same
     * transaction like every staff write. Choosing the language already set changes nothing and
     * writes no audit row.
     */
    async setConsoleLanguage(actor: StaffActor, language: Language): Promise<StaffRow> {
      if (actor.id === null) throw new AppError('staff_authentication_required');
      const staffId = actor.id;
      return deps.db.transaction(async (tx) => {
        const staff = createStaffRepository(tx);
        const before = await staff.lock(staffId);
        if (!before || before.status !== 'active') throw new AppError('staff_authentication_required');
        if (before.consoleLanguage === language) return before;
        const after = (await staff.setConsoleLanguage(staffId, language))!;
        await deps.audit.record(tx, actor, {
          action: 'staff.console_language',
          targetType: 'staff',
          targetId: staffId,
          before: auditableStaff(before),
          after: auditableStaff(after),
        });
        return after;
      });
    },
  };
}

export type StaffPreferencesService = ReturnType<typeof createStaffPreferencesService>;
