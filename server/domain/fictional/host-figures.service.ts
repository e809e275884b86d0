import type { Database } from '../../db/client';
import { createHostFiguresRepository, type HostFiguresRow } from '../../db/repositories/host-figures.repository';
import type { StaffActor } from '../audit/audit.service';
import { hasPermission } from '../../../contract/admin/roles';
import { AppError } from '../shared/app-error';
import { scopeOfActor } from '../staff/site-scope';

/** The longest period one request may cover: a year of messages is already a heavy scan. */
const MAX_PERIOD_DAYS = 366;

/**
 * Per-host figures (issue 32) for a chosen period: owners and admins see every host; a host
 * sees only their own line. Only answers on the actor's sites count (ADR 0060): a host's line,
 * like the whole table, is of the sites the viewer may see.
 */
export function createHostFiguresService(deps: { db: Database }) {
  const reader = createHostFiguresRepository(deps.db);
  return {
    async forPeriod(actor: StaffActor, from: Date, to: Date): Promise<HostFiguresRow[]> {
      if (to <= from || to.getTime() - from.getTime() > MAX_PERIOD_DAYS * 86_400_000) {
        throw new AppError('validation_failed', {
          params: { fields: 'period' },
          fields: [{ field: 'querystring.to', code: 'validation_failed' }],
          detail: 'the period must end after it starts and span at most a year',
        });
      }
      const seesAll = actor.role !== 'system' && hasPermission(actor.role, 'dashboard.read');
      return reader.forPeriod(from, to, seesAll ? null : actor.id, scopeOfActor(actor));
    },
  };
}

export type HostFiguresService = ReturnType<typeof createHostFiguresService>;
