import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { auditLog, type AuditRow } from '../schema/index';
import { auditRowSite } from './audit-row-site';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilters {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/**
 * Who reads the log (ADR 0060): staff limited to chosen sites see the rows they wrote and the
 * rows about their sites (`auditRowSite`); `sites` null sees every row.
 */
export interface AuditViewer {
  staffId: number | null;
  sites: SiteIdFilter;
}

function visibleTo(viewer: AuditViewer | undefined): SQL | undefined {
  const onSites = viewer && siteCondition(auditRowSite, viewer.sites);
  if (!viewer || !onSites) return undefined;
  return viewer.staffId === null ? onSites : or(eq(auditLog.staffId, viewer.staffId), onSites);
}

function conditions(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.staffId !== undefined) parts.push(eq(auditLog.staffId, filters.staffId));
  if (filters.action) parts.push(sql`${auditLog.action} like ${`${filters.action.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`);
  if (filters.targetType) parts.push(eq(auditLog.targetType, filters.targetType));
  if (filters.targetId) parts.push(eq(auditLog.targetId, filters.targetId));
  if (filters.from) parts.push(gte(auditLog.at, filters.from));
  if (filters.to) parts.push(lt(auditLog.at, filters.to));
  return parts.length ? and(...parts) : undefined;
}

/** The audit log: written inside the transaction of the change it records, read newest first. */
export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
    /** One page, newest first, keyed on the id so that deep pages stay cheap; what `viewer` may see when given. */
    async page(filters: AuditFilters, options: { before?: number; limit: number; viewer?: AuditViewer }): Promise<AuditRow[]> {
      const where = and(conditions(filters), visibleTo(options.viewer), options.before === undefined ? undefined : lt(auditLog.id, options.before));
      return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(options.limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
