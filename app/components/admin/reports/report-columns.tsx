import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { ReportSummary } from '../../../../contract/admin/moderation';
import { Link } from '../../ui/links';

const column = createColumnHelper<ReportSummary>();
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
/** Reports that cannot wait; the server lists them first (issue 32). */
const URGENT = new Set(['underage', 'threats']);
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Which reports of the page are ticked for a bulk decision. */
export interface ReportSelection {
  selected: number[];
  toggle: (id: number) => void;
  setAll: (on: boolean) => void;
  pageSize: number;
}

/**
 * The reports list's columns: a tick box for bulk decisions, the report's number, an "urgent"
 * mark on under-18 and threat reports, the words of "other", and both members as links to their
 * console pages.
 */
export function reportColumns(t: TFunction, selection: ReportSelection): ColumnDef<ReportSummary, unknown>[] {
  return [
    column.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={t('reports.select_all')}
          checked={!!selection.pageSize && selection.selected.length === selection.pageSize}
          onChange={(event) => selection.setAll(event.target.checked)}
        />
      ),
      cell: (cell) => (
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={t('reports.select', { id: cell.row.original.id })}
          checked={selection.selected.includes(cell.row.original.id)}
          onChange={() => selection.toggle(cell.row.original.id)}
        />
      ),
    }),
    column.accessor('id', {
      header: t('reports.number'),
      cell: (cell) => (
        <Link to={`/admin/reports/${cell.getValue()}`} aria-label={t('reports.open', { id: cell.getValue() })}>
          #{cell.getValue()}
        </Link>
      ),
    }),
    column.accessor('created_at', { id: 'created_at', header: t('reports.created'), cell: (cell) => when(cell.getValue()) }),
    column.accessor('status', { header: t('reports.status'), cell: (cell) => t(`reports.statuses.${cell.getValue()}`) }),
    column.accessor('reason', {
      header: t('reports.reason'),
      cell: (cell) => (
        <>
          {URGENT.has(cell.getValue()) && <span className="badge text-bg-danger me-1">{t('reports.urgent')}</span>}
          {t(`reports.reasons.${cell.getValue()}`)}
          {cell.getValue() === 'other' && cell.row.original.text && (
            <span className="d-block small text-body-secondary text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {excerpt(cell.row.original.text)}
            </span>
          )}
        </>
      ),
    }),
    column.accessor('kind', { header: t('reports.kind'), cell: (cell) => t(`reports.kinds.${cell.getValue()}`) }),
    column.accessor('reporter_name', {
      header: t('reports.reporter'),
      cell: (cell) => <Link to={`/admin/members/${cell.row.original.reporter_id}`}>{`${cell.getValue()} (#${cell.row.original.reporter_id})`}</Link>,
    }),
    column.accessor('profile_name', {
      header: t('reports.reported'),
      cell: (cell) =>
        cell.row.original.profile_id ? (
          <Link to={`/admin/members/${cell.row.original.profile_id}`}>{`${cell.getValue() ?? ''} (#${cell.row.original.profile_id})`}</Link>
        ) : (
          '—'
        ),
    }),
    column.accessor('site_name', { header: t('reports.site') }),
    column.accessor('assignee_email', { header: t('reports.assignee'), cell: (cell) => cell.getValue() ?? t('reports.nobody') }),
    column.accessor('updated_at', { id: 'updated_at', header: t('reports.updated'), cell: (cell) => when(cell.getValue()) }),
  ] as ColumnDef<ReportSummary, unknown>[];
}
