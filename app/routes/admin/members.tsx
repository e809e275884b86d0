import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { MEMBER_SORTS, MEMBER_STATUSES, type MemberListItem, type MemberListPage } from '../../../contract/admin/members';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import { MemberStatusBadge } from '../../components/admin/members/MemberStatusBadge';
import type { Route } from './+types/members';

const PASSED = ['q', 'site_id', 'status', 'page', 'page_size', 'sort', 'dir'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null, error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of PASSED) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<z.infer<typeof MemberListPage> | { message: string }>(`/api/admin/members?${query}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  return answer.status === 200
    ? { page: answer.body as z.infer<typeof MemberListPage>, error: null }
    : { page: null, error: (answer.body as { message: string }).message };
}

const column = createColumnHelper<MemberListItem>();
const day = (iso: string) => iso.slice(0, 10);

/** `/admin/members` — the member search: one page at a time, sorted on the server. */
export default function MembersPage() {
  const { t } = useTranslation();
  const { page, error } = useLoaderData<typeof loader>();
  const params = new URLSearchParams(useLocation().search);

  const columns = useMemo(
    () =>
      [
        column.accessor('id', {
          id: 'id',
          header: t('members.id'),
          cell: (cell) => (
            <Link to={`/admin/members/${cell.getValue()}`} aria-label={t('members.open', { id: cell.getValue() })}>
              #{cell.getValue()}
            </Link>
          ),
        }),
        column.accessor('name', {
          header: t('members.name'),
          cell: (cell) => (
            <>
              <Link to={`/admin/members/${cell.row.original.id}`}>{cell.getValue()}</Link>
              {cell.row.original.paid_user && <span className="badge text-bg-info ms-1">{t('members.paid')}</span>}
              {cell.row.original.fictional && <span className="badge text-bg-secondary ms-1">{t('members.fictional')}</span>}
            </>
          ),
        }),
        column.accessor('email', { header: t('members.email'), cell: (cell) => <span className="text-break">{cell.getValue()}</span> }),
        column.accessor('site_name', { header: t('members.site') }),
        column.accessor('status', { header: t('members.status'), cell: (cell) => <MemberStatusBadge status={cell.getValue()} /> }),
        column.accessor('credits', { header: t('members.credits') }),
        column.accessor('created_at', { id: 'created_at', header: t('members.created_at'), cell: (cell) => day(cell.getValue()) }),
        column.accessor('last_active_at', { header: t('members.last_active'), cell: (cell) => day(cell.getValue()) }),
      ] as ColumnDef<MemberListItem, unknown>[],
    [t],
  );

  return (
    <>
      <h1 className="h3">{t('members.title')}</h1>
      <p className="text-body-secondary">{t('members.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" role="search" aria-label={t('members.search_form')}>
        <div className="col-12 col-md-5">
          <label className="form-label small mb-1" htmlFor="members-q">
            {t('members.search')}
          </label>
          <input
            id="members-q"
            name="q"
            type="search"
            className="form-control"
            placeholder={t('members.search_placeholder')}
            defaultValue={params.get('q') ?? ''}
          />
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="members-site">
            {t('members.site')}
          </label>
          <select id="members-site" name="site_id" className="form-select" defaultValue={params.get('site_id') ?? ''}>
            <option value="">{t('members.all_sites')}</option>
            {page?.sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-1" htmlFor="members-status">
            {t('members.status')}
          </label>
          <select id="members-status" name="status" className="form-select" defaultValue={params.get('status') ?? ''}>
            <option value="">{t('members.any_status')}</option>
            {MEMBER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`members.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-primary w-100">
            {t('members.apply')}
          </button>
        </div>
      </Form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {page && <ConsoleDataTable label={t('members.title')} columns={columns} page={page} sortable={MEMBER_SORTS} testId="members-table" />}
    </>
  );
}
