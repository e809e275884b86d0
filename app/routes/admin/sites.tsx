import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { SITE_SORTS, type AdminSite, type SiteListItem, type SiteListResponse } from '../../../contract/admin/sites';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/sites';

const PASSED_ON = ['page', 'page_size', 'sort', 'dir', 'name', 'domain', 'status'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of PASSED_ON) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<SiteListResponse>(`/api/admin/sites?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data('This list cannot be shown with these filters.', { status: 400 });
  return { page: answer.body };
}

const column = createColumnHelper<SiteListItem>();

/** `/admin/sites` — every brand, paged and sorted by the server, filtered by name, host and status; and a new one. */
export default function SitesPage() {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loader>();
  const staff = useConsoleStaff();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const canWrite = staff?.role === 'owner' || staff?.role === 'admin';
  // A new site would lie outside the sites a limited staff member works on (ADR 0060).
  const worksOnEverySite = staff?.role === 'owner' || staff?.site_ids.length === 0;

  const columns = useMemo(
    () =>
      [
        column.accessor('id', { header: t('sites.id') }),
        column.accessor('name', { header: t('sites.name'), cell: (cell) => <Link to={`/admin/sites/${cell.row.original.id}`}>{cell.getValue()}</Link> }),
        column.accessor('domain', {
          header: t('sites.domain'),
          cell: (cell) => (
            <>
              <span className="text-break">{cell.getValue()}</span>
              {cell.row.original.domain_aliases.length > 0 && (
                <div className="small text-body-secondary text-break">{cell.row.original.domain_aliases.join(', ')}</div>
              )}
            </>
          ),
        }),
        column.accessor('domain_language', { header: t('sites.language') }),
        column.accessor('niche', { header: t('sites.niche') }),
        column.accessor('status', {
          header: t('sites.status'),
          cell: (cell) => (
            <span className={`badge ${cell.getValue() === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>{t(`sites.statuses.${cell.getValue()}`)}</span>
          ),
        }),
        column.accessor('updated_at', { header: t('sites.updated'), cell: (cell) => cell.getValue().slice(0, 16).replace('T', ' ') }),
      ] as ColumnDef<SiteListItem, unknown>[],
    [t],
  );

  return (
    <>
      <h1 className="h3">{t('sites.title')}</h1>
      <p className="text-body-secondary">{t('sites.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('sites.filter')}>
        <div className="col-12 col-md">
          <label className="form-label small mb-1" htmlFor="filter-name">
            {t('sites.name')}
          </label>
          <input id="filter-name" name="name" className="form-control form-control-sm" defaultValue={params.get('name') ?? ''} />
        </div>
        <div className="col-12 col-md">
          <label className="form-label small mb-1" htmlFor="filter-domain">
            {t('sites.domain')}
          </label>
          <input id="filter-domain" name="domain" className="form-control form-control-sm" defaultValue={params.get('domain') ?? ''} />
        </div>
        <div className="col-12 col-md">
          <label className="form-label small mb-1" htmlFor="filter-status">
            {t('sites.status')}
          </label>
          <select id="filter-status" name="status" className="form-select form-select-sm" defaultValue={params.get('status') ?? ''}>
            <option value="">{t('sites.any_status')}</option>
            <option value="active">{t('sites.statuses.active')}</option>
            <option value="disabled">{t('sites.statuses.disabled')}</option>
          </select>
        </div>
        <div className="col-12 col-md-auto d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('sites.apply')}
          </button>
          <a className="btn btn-sm btn-link" href="/admin/sites">
            {t('sites.reset')}
          </a>
        </div>
      </Form>
      {page && <ConsoleDataTable label={t('sites.title')} columns={columns} page={page} sortable={SITE_SORTS} testId="sites-table" />}
      {canWrite && worksOnEverySite && <NewSiteForm />}
      {canWrite && !worksOnEverySite && (
        <p className="text-body-secondary mt-4" data-testid="new-site-limited">
          {t('sites.new_limited')}
        </p>
      )}
    </>
  );
}

/** A new site needs a name and a domain; everything else is set in its editor afterwards. */
function NewSiteForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const create = useApiAction(() => api<AdminSite>('/api/admin/sites', { method: 'POST', body: { name, domain }, retries: 0 }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const site = await create.run();
    if (site) navigate(`/admin/sites/${site.id}`);
  };
  return (
    <section className="card mt-4" aria-labelledby="new-site-heading" style={{ maxWidth: 560 }}>
      <div className="card-body">
        <h2 className="h5" id="new-site-heading">
          {t('sites.new_title')}
        </h2>
        <form onSubmit={submit} noValidate>
          <FormAlert error={create.error} fields={['name', 'domain', 'body.name', 'body.domain']} />
          <TextField label={t('sites.name')} required value={name} error={create.fieldError('name')} onChange={(event) => setName(event.target.value)} />
          <TextField
            label={t('sites.domain')}
            required
            value={domain}
            hint={t('sites.domain_hint')}
            error={create.fieldError('domain')}
            onChange={(event) => setDomain(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={create.pending}>
            {t('sites.create')}
          </button>
        </form>
      </div>
    </section>
  );
}
