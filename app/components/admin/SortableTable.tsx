import { useLocation } from 'react-router';
import { Link } from '../ui/links';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { TableRegion } from './TableRegion';

/** The current address with some query parameters set (a value) or removed (null). */
export function useHrefWith() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return `${pathname}?${next}`;
  };
}

/**
 * The table of a console list whose sorting happens on the server: the sort lives in the
 * address (`sort`, `dir`), columns whose id is in `sortable` get a sort link, and a new sort drops
 * the list's position (`resetOnSort`: the page number or the cursor). Paging is the caller's.
 */
export function SortableTable<Item>({
  label,
  columns,
  items,
  sortable,
  defaultSort,
  resetOnSort,
  testId,
  rowTestId,
}: {
  label: string;
  columns: ColumnDef<Item, unknown>[];
  items: Item[];
  sortable: readonly string[];
  defaultSort?: string;
  resetOnSort: string;
  testId?: string;
  rowTestId?: string;
}) {
  const { search } = useLocation();
  const hrefWith = useHrefWith();
  const params = new URLSearchParams(search);
  const sortId = params.get('sort') ?? defaultSort;
  const sorting: SortingState = sortId ? [{ id: sortId, desc: params.get('dir') !== 'asc' }] : [];
  const table = useReactTable({ data: items, columns, state: { sorting }, manualSorting: true, manualPagination: true, getCoreRowModel: getCoreRowModel() });
  const sortHref = (id: string) => {
    const current = sorting[0];
    const dir = current?.id === id && current.desc ? 'asc' : 'desc';
    return hrefWith({ sort: id, dir, [resetOnSort]: null });
  };

  return (
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
            <tr key={row.id} className="border-top" data-testid={rowTestId}>
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
  );
}
