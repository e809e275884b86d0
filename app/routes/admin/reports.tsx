import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { REPORT_STATUSES, type ReportListPage, type ReportSummary } from '../../../contract/admin/moderation';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import type { Route } from './+types/reports';

const FILTERS = ['open', ...REPORT_STATUSES, 'all'] as const;
const PASSED_ON = ['status', 'sort', 'dir', 'page', 'page_size'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.staff) return { page: null, status: 'open' };
  const incoming = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of PASSED_ON) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<z.infer<typeof ReportListPage> | { message: string }>(`/api/admin/reports?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data((answer.body as { message: string }).message, { status: answer.status });
  return { page: answer.body as z.infer<typeof ReportListPage>, status: incoming.get('status') ?? 'open' };
}

const column = createColumnHelper<ReportSummary>();
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** `/admin/reports` — members' reports and complaints, open ones oldest first by default. */
export default function ReportsQueue() {
  const { t } = useTranslation();
  const { page, status } = useLoaderData<typeof loader>();
  const columns = useMemo(
    () => [
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
      column.accessor('reason', { header: t('reports.reason'), cell: (cell) => t(`reports.reasons.${cell.getValue()}`) }),
      column.accessor('kind', { header: t('reports.kind'), cell: (cell) => t(`reports.kinds.${cell.getValue()}`) }),
      column.accessor('reporter_name', { header: t('reports.reporter'), cell: (cell) => `${cell.getValue()} (#${cell.row.original.reporter_id})` }),
      column.accessor('profile_name', { header: t('reports.reported'), cell: (cell) => (cell.row.original.profile_id ? `${cell.getValue() ?? ''} (#${cell.row.original.profile_id})` : '—') }),
      column.accessor('site_name', { header: t('reports.site') }),
      column.accessor('assignee_email', { header: t('reports.assignee'), cell: (cell) => cell.getValue() ?? t('reports.nobody') }),
      column.accessor('updated_at', { id: 'updated_at', header: t('reports.updated'), cell: (cell) => when(cell.getValue()) }),
    ] as ColumnDef<ReportSummary, unknown>[],
    [t],
  );
  return (
    <>
      <h1 className="h3">{t('reports.title')}</h1>
      <p className="text-body-secondary">{t('reports.intro')}</p>
      <nav aria-label={t('reports.filter')} className="mb-3">
        <ul className="nav nav-pills flex-wrap gap-1">
          {FILTERS.map((filter) => (
            <li className="nav-item" key={filter}>
              <Link className={`nav-link py-1 px-2 ${status === filter ? 'active' : ''}`} aria-current={status === filter ? 'page' : undefined} to={`/admin/reports?status=${filter}`}>
                {t(`reports.statuses.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page && <ConsoleDataTable label={t('reports.title')} columns={columns} page={page} sortable={['created_at', 'updated_at']} testId="reports-table" />}
    </>
  );
}
