import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The sites a console read may cover: null for every site, else the allowed ids (ADR 0060). The
 * domain decides it (`domain/staff/site-scope.ts`); repositories only turn it into a condition.
 */
export type SiteIdFilter = readonly number[] | null;

/**
 * A condition keeping rows of the allowed sites on `column`, or undefined when every site is
 * allowed (no condition at all, so an unlimited console reads exactly as it did). An empty list
 * keeps nothing.
 */
export function siteCondition(column: AnyPgColumn | SQL, allowed: SiteIdFilter): SQL | undefined {
  if (allowed === null) return undefined;
  if (!allowed.length) return sql`false`;
  return sql`${column} = any(${`{${allowed.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}
