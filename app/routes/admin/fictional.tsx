import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useNavigate } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { FictionalProfile, FictionalProfilesPage } from '../../../contract/admin/fictional';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import { EMPTY_FICTIONAL, FictionalProfileForm, type FictionalProfileValues } from '../../components/admin/FictionalProfileForm';
import { SiteSelect } from '../../components/admin/SiteSelect';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/fictional';

const PASSED_ON = ['site_id', 'sort', 'dir', 'page'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null, siteId: '', error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of PASSED_ON) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<z.infer<typeof FictionalProfilesPage> | { message: string }>(`/api/admin/fictional-profiles?${query}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  return {
    page: answer.status === 200 ? (answer.body as z.infer<typeof FictionalProfilesPage>) : null,
    siteId: incoming.get('site_id') ?? '',
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

const column = createColumnHelper<FictionalProfile>();

/** `/admin/fictional` — the fictional profiles of a site (or all), a page at a time, and a form for a new one. */
export default function FictionalProfilesList() {
  const { t } = useTranslation();
  const { page, siteId, error } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // A new profile goes to the site shown, else to the first the staff member may work on.
  const [newSite, setNewSite] = useState(siteId || String(page?.sites[0]?.id ?? ''));
  const create = useApiAction((values: FictionalProfileValues) =>
    api<FictionalProfile>('/api/admin/fictional-profiles', {
      method: 'POST',
      body: { site_id: Number(newSite), ...values, city: values.city || undefined },
      retries: 0,
    }),
  );

  const columns = useMemo(
    () =>
      [
        column.accessor('id', { header: t('fictional.id') }),
        column.accessor('name', {
          header: t('fictional.name'),
          cell: (cell) => (
            <span>
              <span aria-hidden="true">★ </span>
              {cell.getValue()}
            </span>
          ),
        }),
        column.accessor('site_id', {
          header: t('fictional.site'),
          cell: (cell) => page?.sites.find((site) => site.id === cell.getValue())?.name ?? `#${cell.getValue()}`,
        }),
        column.accessor('country', { header: t('fictional.country') }),
        column.accessor('status', {
          header: t('fictional.status'),
          // A profile saved under 18 before the age rule is never shown, whatever its status says.
          cell: (cell) => (cell.row.original.under_age ? t('fictional.statuses.under_age') : t(`fictional.statuses.${cell.getValue()}`)),
        }),
        column.accessor('updated_at', { header: t('fictional.updated'), cell: (cell) => cell.getValue().slice(0, 16).replace('T', ' ') }),
        column.display({
          id: 'actions',
          header: t('fictional.edit'),
          cell: (cell) => (
            <Link
              className="btn btn-sm btn-outline-primary"
              to={`/admin/fictional/${cell.row.original.id}`}
              aria-label={`${t('fictional.edit')} ${cell.row.original.name}`}
            >
              {t('fictional.edit')}
            </Link>
          ),
        }),
      ] as ColumnDef<FictionalProfile, unknown>[],
    [t, page],
  );

  return (
    <>
      <h1 className="h3">{t('fictional.title')}</h1>
      <p className="text-body-secondary">{t('fictional.intro')}</p>
      <Form method="get" className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <SiteSelect
          key={siteId}
          compact
          label={t('fictional.filter_site')}
          name="site_id"
          sites={page?.sites ?? []}
          everySiteLabel={t('fictional.all_sites')}
          defaultValue={siteId}
          style={{ maxWidth: '16rem' }}
        />
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {t('fictional.filter')}
        </button>
      </Form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {page && <ConsoleDataTable label={t('fictional.title')} columns={columns} page={page} sortable={['id', 'name', 'updated_at']} testId="fictional-table" />}

      <section className="card mt-4" aria-labelledby="new-fictional" style={{ maxWidth: 720 }}>
        <div className="card-body">
          <h2 className="h5" id="new-fictional">
            {t('fictional.create_title')}
          </h2>
          <FictionalProfileForm
            initial={EMPTY_FICTIONAL}
            submitLabel={t('fictional.create')}
            pending={create.pending}
            error={create.error}
            fieldError={create.fieldError}
            onSubmit={async (values) => {
              const created = await create.run(values);
              if (created) navigate(`/admin/fictional/${created.id}`);
            }}
          >
            <SiteSelect
              label={t('fictional.site')}
              required
              sites={page?.sites ?? []}
              value={newSite}
              error={create.fieldError('site_id') ?? create.fieldError('body.site_id')}
              onChange={(event) => setNewSite(event.target.value)}
            />
          </FictionalProfileForm>
        </div>
      </section>
    </>
  );
}
