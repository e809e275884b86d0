import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { TableRegion } from './TableRegion';

export interface ConsolePage<Item> {
  items: Item[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/**
 * A console list whose sorting and paging happen on the server: the state lives in the address
 * (`sort`, `dir`, `page`), so a sorted page can be linked, reloaded and gone back to, and the
 * loader fetches exactly one page. Columns whose id is in `sortable` get a sort button.
 */
export function ConsoleDataTable<Item>({
  label,
  columns,
  page,
  sortable,
  testId,
}: {
  label: string;
  columns: ColumnDef<Item, unknown>[];
  page: ConsolePage<Item>;
  sortable: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const sorting: SortingState = params.get('sort') ? [{ id: params.get('sort')!, desc: params.get('dir') !== 'asc' }] : [];
  const table = useReactTable({ data: page.items, columns, state: { sorting }, manualSorting: true, manualPagination: true, getCoreRowModel: getCoreRowModel() });

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
    return hrefWith({ sort: id, dir, page: null });
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
              <tr key={row.id} className="border-top">
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
      {page.items.length === 0 && <p className="text-body-secondary mt-2">{t('list.empty')}</p>}
      <nav className="d-flex align-items-center gap-3 mt-3" aria-label={t('list.pages')}>
        {page.page > 1 ? (
          <Link className="btn btn-sm btn-outline-secondary" to={hrefWith({ page: String(page.page - 1) })}>
            {t('list.previous')}
          </Link>
        ) : null}
        <span className="small text-body-secondary">{t('list.page', { page: page.page })}</span>
        {page.has_more ? (
          <Link className="btn btn-sm btn-outline-secondary" to={hrefWith({ page: String(page.page + 1) })}>
            {t('list.next')}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
