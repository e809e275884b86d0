import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { auditLog, type AuditRow } from '../schema/index';

export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilters {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
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
    /** One page, newest first, keyed on the id so that deep pages stay cheap. */
    async page(filters: AuditFilters, options: { before?: number; limit: number }): Promise<AuditRow[]> {
      const where = and(conditions(filters), options.before === undefined ? undefined : lt(auditLog.id, options.before));
      return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(options.limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
