import { and, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';
import { sepaMandates, users } from '../schema/index';

export interface ConsoleMandateFilters {
  /** Only mandates of members blocked for direct debit. */
  blocked?: boolean;
  confirmed?: boolean;
  userId?: number;
  /** Mandates of members of these sites (the member's sign-up site); every site when null or absent. */
  sites?: SiteIdFilter;
}

/**
 * SEPA mandates across sites for the console, newest first by id (keyset). The blocked view
 * starts from `users_direct_debit_blocked_idx` (few members) and their mandates by user.
 */
export function createConsoleMandatesRepository(db: Executor) {
  return {
    async page(filters: ConsoleMandateFilters, options: { beforeId?: number; limit: number }) {
      const parts: SQL[] = [];
      if (filters.blocked !== undefined) parts.push(eq(users.directDebitBlocked, filters.blocked));
      if (filters.confirmed !== undefined) parts.push(filters.confirmed ? isNotNull(sepaMandates.confirmedAt) : isNull(sepaMandates.confirmedAt));
      if (filters.userId !== undefined) parts.push(eq(sepaMandates.userId, filters.userId));
      const onSites = siteCondition(users.siteId, filters.sites ?? null);
      if (onSites) parts.push(onSites);
      if (options.beforeId !== undefined) parts.push(lt(sepaMandates.id, options.beforeId));
      return db
        .select({
          id: sepaMandates.id,
          userId: sepaMandates.userId,
          orderId: sepaMandates.orderId,
          accountHolder: sepaMandates.accountHolder,
          iban: sepaMandates.iban,
          confirmedAt: sepaMandates.confirmedAt,
          createdAt: sepaMandates.createdAt,
          memberEmail: users.email,
          siteId: users.siteId,
          directDebitBlocked: users.directDebitBlocked,
        })
        .from(sepaMandates)
        .innerJoin(users, eq(users.id, sepaMandates.userId))
        .where(parts.length ? and(...parts) : undefined)
        .orderBy(desc(sepaMandates.id))
        .limit(options.limit);
    },
  };
}

export type ConsoleMandatesRepository = ReturnType<typeof createConsoleMandatesRepository>;
export type ConsoleMandateRow = Awaited<ReturnType<ConsoleMandatesRepository['page']>>[number];
