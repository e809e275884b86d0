import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { ColumnDef } from '@tanstack/react-table';
import { SortableTable, useHrefWith } from './SortableTable';

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
  const hrefWith = useHrefWith();
  return (
    <>
      <SortableTable label={label} columns={columns} items={page.items} sortable={sortable} resetOnSort="page" testId={testId} />
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
