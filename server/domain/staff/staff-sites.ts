import type { StaffRole } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createSitesRepository } from '../../db/repositories/sites.repository';
import { AppError } from '../shared/app-error';

/**
 * The sites a staff account is to be limited to, checked against the sites that exist (ADR 0060):
 * sorted, and empty (every site) for an owner, who is never limited. Undefined when the change
 * does not touch them.
 */
export async function checkedSiteIds(tx: Executor, role: StaffRole, requested: readonly number[] | undefined): Promise<number[] | undefined> {
  if (role === 'owner') return [];
  if (requested === undefined) return undefined;
  const known = new Set((await createSitesRepository(tx).names()).map((site) => site.id));
  if (requested.some((id) => !known.has(id))) throw new AppError('staff_site_unknown', { fields: [{ field: 'body.site_ids', code: 'staff_site_unknown' }] });
  return [...requested].sort((a, b) => a - b);
}
