import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { TableRegion } from '../TableRegion';

/**
 * A console list paged by cursor (ADR 0027): sorting happens on the server and lives in the
 * address (`sort`, `dir`), and "Next" carries the last row's cursor (`after`). A new sort or
 * filter starts again at the first page. Columns whose id is in `sortable` get a sort link.
 */
export function CursorTable<Item>({
  label,
  columns,
  items,
  nextAfter,
  sortable = [],
  defaultSort,
  testId,
}: {
  label: string;
  columns: ColumnDef<Item, unknown>[];
  items: Item[];
  nextAfter: string | null;
  sortable?: readonly string[];
  defaultSort?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const sortId = params.get('sort') ?? defaultSort;
  const sorting: SortingState = sortId ? [{ id: sortId, desc: params.get('dir') !== 'asc' }] : [];
  const table = useReactTable({ data: items, columns, state: { sorting }, manualSorting: true, manualPagination: true, getCoreRowModel: getCoreRowModel() });

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return `${pathname}?${next}`;
  };
  const sortHref = (id: string) => {
    const current = sorting[0];
    const dir = current?.id === id && current.desc ? 'asc' : 'desc';
    return hrefWith({ sort: id, dir, after: null });
  };

  return (
    <>
      <TableRegion label={label}>
        <table className="admin-table w-100" data-testid={testId}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = sorting[0]?.id === header.column.id ? (sorting[0].desc ? 'descending' : 'ascending') : undefined;
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted}>
                      {sortable.includes(header.column.id) ? (
                        <Link className="text-reset text-decoration-none fw-bold" to={sortHref(header.column.id)} preventScrollReset>
                          {title}
                          {sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}
                        </Link>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-top" data-testid={testId ? `${testId}-row` : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-label={typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {items.length === 0 && <p className="text-body-secondary mt-2">{t('list.empty')}</p>}
      <nav className="d-flex align-items-center gap-3 mt-3" aria-label={t('list.pages')}>
        {params.get('after') ? (
          <Link className="btn btn-sm btn-outline-secondary" to={hrefWith({ after: null })}>
            {t('money.first_page')}
          </Link>
        ) : null}
        {nextAfter ? (
          <Link className="btn btn-sm btn-outline-secondary" to={hrefWith({ after: nextAfter })}>
            {t('list.next')}
          </Link>
        ) : null}
      </nav>
    </>
  );
}

/** Minor units in their currency, as people read them: 1995 EUR → €19.95. */
export function formatMoney(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export const shortTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');
