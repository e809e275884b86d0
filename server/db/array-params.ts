import { sql, type SQL } from 'drizzle-orm';

/**
 * A list as one array parameter, for `= any(…)`: one placeholder however long the list, so the
 * statement's text stays the same (it can stay prepared) and nothing builds or parses a
 * thousand placeholders. The list travels as an array literal in a text parameter, which both
 * engines' drivers pass through as they are.
 */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** Strings that need no quoting in an array literal: letters, digits and `_` only (token hashes are hex). */
export function plainTextArray(values: string[]): SQL {
  for (const value of values) if (!/^\w+$/.test(value)) throw new Error('plainTextArray takes letters, digits and _ only');
  return sql`${`{${values.join(',')}}`}::text[]`;
}
