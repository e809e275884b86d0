import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/links';
import type { z } from 'zod';
import { REPORT_STATUSES, type ReportListPage } from '../../../contract/admin/moderation';
import type { BulkReportResponse } from '../../../contract/admin/report-triage';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import { reportColumns } from '../../components/admin/reports/report-columns';
import { FormAlert } from '../../components/ui/FormAlert';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/reports';

const FILTERS = ['open', ...REPORT_STATUSES, 'all'] as const;
const PASSED_ON = ['status', 'sort', 'dir', 'page', 'page_size'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.staff) return { page: null, status: 'open' };
  const incoming = url.searchParams;
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

/**
 * `/admin/reports` — members' reports and complaints, open ones oldest first by default, under-18
 * and threat reports always on top; several can be resolved or dismissed at once.
 */
export default function ReportsQueue() {
  const { t } = useTranslation();
  const { page, status } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<number[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const bulk = useApiAction((ids: number[], next: 'resolved' | 'rejected') =>
    api<z.infer<typeof BulkReportResponse>>('/api/admin/reports/bulk', { method: 'POST', body: { ids, status: next }, retries: 0 }),
  );
  const toggle = (id: number) => setSelected((list) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]));
  const closeSelected = async (next: 'resolved' | 'rejected') => {
    setDone(null);
    const answer = await bulk.run(selected, next);
    if (!answer) return;
    setSelected([]);
    setDone(
      [t('reports.bulk_done', { count: answer.updated.length }), answer.skipped ? t('reports.bulk_skipped', { count: answer.skipped }) : ''].join(' ').trim(),
    );
    await revalidator.revalidate();
  };
  const columns = useMemo(
    () =>
      reportColumns(t, {
        selected,
        toggle,
        setAll: (on) => setSelected(on ? (page?.items.map((item) => item.id) ?? []) : []),
        pageSize: page?.items.length ?? 0,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, selected, page],
  );
  return (
    <>
      <h1 className="h3">{t('reports.title')}</h1>
      <p className="text-body-secondary">{t('reports.intro')}</p>
      <nav aria-label={t('reports.filter')} className="mb-3">
        <ul className="nav nav-pills flex-wrap gap-1">
          {FILTERS.map((filter) => (
            <li className="nav-item" key={filter}>
              <Link
                className={`nav-link py-1 px-2 ${status === filter ? 'active' : ''}`}
                aria-current={status === filter ? 'page' : undefined}
                to={`/admin/reports?status=${filter}`}
              >
                {t(`reports.statuses.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {done && (
        <div className="alert alert-success" role="status">
          {done}
        </div>
      )}
      <FormAlert error={bulk.error} />
      {page && page.items.length > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="reports-bulk">
          <span className="small text-body-secondary">{t('reports.selected', { count: selected.length })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-success"
            disabled={!selected.length || bulk.pending}
            onClick={() => void closeSelected('resolved')}
          >
            {t('reports.bulk_resolve')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!selected.length || bulk.pending}
            onClick={() => void closeSelected('rejected')}
          >
            {t('reports.bulk_reject')}
          </button>
        </div>
      )}
      {page && <ConsoleDataTable label={t('reports.title')} columns={columns} page={page} sortable={['created_at', 'updated_at']} testId="reports-table" />}
    </>
  );
}
