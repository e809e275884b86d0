import { sql, type SQL } from 'drizzle-orm';

/**
 * Many rows as one JSON parameter, read back as a table to join or insert from: one round trip
 * and the same binding on pg and PGlite, whatever the number of rows. `columns` names and types
 * the fields (`i int, s text`); use it with an alias: `from ${jsonRecordset(rows, '…')} as r`.
 *
 * The `limit` carries the true row count to the planner, which otherwise assumes 100 rows for
 * any set-returning function: a batch of a few sends then got hash joins over whole tables
 * instead of a few index lookups.
 */
export function jsonRecordset(rows: object[], columns: string): SQL {
  return sql`(select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(columns)}) limit ${rows.length})`;
}
