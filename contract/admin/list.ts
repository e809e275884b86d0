import { z } from 'zod';
import { named } from '../inputs';

export const PAGE_SIZES = [25, 50, 100] as const;

/** `page_size` of a console list: one of PAGE_SIZES, `defaultSize` when absent. */
export function pageSizeParam(defaultSize: (typeof PAGE_SIZES)[number]) {
  return z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), named('choice', 'must be 25, 50 or 100'))
    .default(defaultSize);
}

/**
 * The paging and sorting every console list takes, server-side: `page` from 1, `page_size` one of
 * 25/50/100, `sort` one of the list's own keys, `dir`. Deep pages are capped: a list that long is
 * narrowed with its filters, not paged through.
 */
export function listQuery<const Sort extends readonly [string, ...string[]]>(sorts: Sort, defaultSort: Sort[number], defaultDir: 'asc' | 'desc' = 'desc') {
  return z.object({
    page: z.coerce.number().int().min(1).max(400).default(1),
    page_size: pageSizeParam(25),
    sort: z.enum(sorts).default(defaultSort as never),
    dir: z.enum(['asc', 'desc']).default(defaultDir),
  });
}

/** One page of a console list. `has_more` instead of a total: counting a million rows per page is not worth it. */
export function listPage<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), page: z.number().int(), page_size: z.number().int(), has_more: z.boolean() });
}

/** Offset and limit for a page; the repository reads one row more to know whether there is another page. */
export function pageWindow(query: { page: number; page_size: number }) {
  return { offset: (query.page - 1) * query.page_size, limit: query.page_size + 1 };
}
