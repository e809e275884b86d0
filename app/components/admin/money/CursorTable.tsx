import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'react-router';
import { Link } from '../../ui/links';
import type { ColumnDef } from '@tanstack/react-table';
import { SortableTable, useHrefWith } from '../SortableTable';

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
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const hrefWith = useHrefWith();
  return (
    <>
      <SortableTable
        label={label}
        columns={columns}
        items={items}
        sortable={sortable}
        defaultSort={defaultSort}
        resetOnSort="after"
        testId={testId}
        rowTestId={testId ? `${testId}-row` : undefined}
      />
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

/** Minor units in their currency, as people of a language read them: 1995 EUR → €19.95 (en), 19,95 € (de). */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export const shortTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');
