import type { StaffRole } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createAuditRepository, type AuditFilters, type AuditRepository, type AuditViewer } from '../../db/repositories/audit.repository';
import type { AuditRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';

/** An audit entry as the log hands it out, and the filters it is searched by. */
export type { AuditFilters, AuditRow, AuditViewer };

/** Who did something in the console: a signed-in staff member, or the command line. */
export interface StaffActor {
  /** Null for the command line. */
  id: number | null;
  email: string;
  role: StaffRole | 'system';
  ip: string | null;
  /**
   * The sites this actor may act on (ADR 0060): null or absent for every site. Set by the console
   * from the signed-in staff member (`actorOf`); the command line reaches every site.
   */
  sites?: readonly number[] | null;
}

/** The operator at the command line (`npm run admin`). */
export const SYSTEM_ACTOR: StaffActor = { id: null, email: 'command line', role: 'system', ip: null };

/** Whoever an audit row names: staff, the command line, or nobody known (a failed console sign-in with an address no staff member has). */
export type AuditActor = StaffActor | { id: null; email: string; role: 'anonymous'; ip: string | null };

export interface AuditEntry {
  /** Verb-first, dotted by area: `staff.invite`, `site.update`, `member.ban`. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Only the fields that changed, before and after. Values compare as JSON, so an untouched array
 * or date is no change; secrets are never passed in (callers leave hashes and codes out).
 */
export function diffFields(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}) {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) changedBefore[key] = before[key];
    if (key in after) changedAfter[key] = after[key];
  }
  return { before: changedBefore, after: changedAfter };
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * The append-only audit log. `record` takes the transaction of the change it describes, so the
 * change and its row commit together or not at all (ARCHITECTURE: every staff write and its audit
 * row commit in one transaction).
 */
export function createAuditService(deps: { db: Executor; clock: Clock }) {
  const reader: AuditRepository = createAuditRepository(deps.db);
  return {
    async record(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
      await createAuditRepository(tx).insert({
        at: deps.clock.now(),
        staffId: actor.id,
        staffEmail: actor.email,
        role: actor.role,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId === null ? null : String(entry.targetId),
        diff: diffFields(entry.before, entry.after),
        ip: actor.ip,
      });
    },

    /**
     * One page of the whole log, newest first; `before` is the last id of the previous page. For
     * checks and the command line: the console reads through `consolePage`.
     */
    page(filters: AuditFilters, before?: number, limit = AUDIT_PAGE_SIZE): Promise<AuditRow[]> {
      return reader.page(filters, { before, limit });
    },

    /**
     * One page of what the signed-in staff member may see (ADR 0060): every row for staff of every
     * site; for staff limited to chosen sites, their own rows and those about their sites.
     */
    consolePage(viewer: AuditViewer, filters: AuditFilters, before?: number): Promise<AuditRow[]> {
      return reader.page(filters, { before, limit: AUDIT_PAGE_SIZE, viewer });
    },

    /**
     * Every row the viewer may see (as `consolePage`) as CSV (RFC 4180), read page by page so a
     * long log never sits in memory whole.
     */
    async *csv(viewer: AuditViewer, filters: AuditFilters): AsyncGenerator<string> {
      yield 'id,at,staff_id,staff_email,role,action,target_type,target_id,before,after,ip\r\n';
      let before: number | undefined;
      for (;;) {
        const rows = await reader.page(filters, { before, limit: 1000, viewer });
        for (const row of rows) {
          yield `${[row.id, row.at.toISOString(), row.staffId ?? '', row.staffEmail, row.role, row.action, row.targetType, row.targetId ?? '', JSON.stringify(row.diff.before), JSON.stringify(row.diff.after), row.ip ?? ''].map(csvField).join(',')}\r\n`;
        }
        if (rows.length < 1000) return;
        before = rows[rows.length - 1].id;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * Quotes a CSV field, and keeps a spreadsheet from running it as a formula (a leading = + - @
 * gets an apostrophe, OWASP's advice for CSV injection).
 */
export function csvField(value: unknown): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}
