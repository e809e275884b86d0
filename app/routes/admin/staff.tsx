import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import { createColumnHelper, flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import type { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../../../contract/admin/roles';
import type { SiteListResponse } from '../../../contract/admin/sites';
import type { InviteStaffResponse, StaffListResponse, StaffMember } from '../../../contract/admin/staff';
import { StaffRowEditor } from '../../components/admin/StaffRowEditor';
import { TableRegion } from '../../components/admin/TableRegion';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/staff';

export async function loader({ context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { staff: [], sites: [] };
  const [answer, sites] = await Promise.all([
    context.adminGet<z.infer<typeof StaffListResponse>>('/api/admin/staff'),
    // The sites to limit staff to (ADR 0060); a platform runs a handful of brands.
    context.adminGet<z.infer<typeof SiteListResponse>>('/api/admin/sites?page_size=100'),
  ]);
  if (answer.status !== 200) throw data('Your role does not allow this page.', { status: 403 });
  return { staff: answer.body.staff, sites: sites.status === 200 ? sites.body.items.map(({ id, name }) => ({ id, name })) : [] };
}

const column = createColumnHelper<StaffMember>();

/** `/admin/staff` — owners see everyone who can sign in, invite people and change roles. */
export default function StaffPage() {
  const { t } = useTranslation();
  const { staff, sites } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'email', desc: false }]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const [invited, setInvited] = useState<z.infer<typeof InviteStaffResponse> | null>(null);
  const invite = useApiAction(() =>
    api<z.infer<typeof InviteStaffResponse>>('/api/admin/staff', {
      method: 'POST',
      body: { email, role, site_ids: role === 'owner' ? [] : siteIds },
      retries: 0,
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('email', { header: t('staff.email') }),
      column.accessor('name', { header: t('staff.name') }),
      column.accessor('site_ids', {
        header: t('staff.sites'),
        cell: (cell) =>
          cell.getValue().length === 0
            ? t('staff.all_sites')
            : cell
                .getValue()
                .map((id) => sites.find((site) => site.id === id)?.name ?? `#${id}`)
                .join(', '),
      }),
      column.accessor('status', { header: t('staff.status'), cell: (cell) => t(`staff.statuses.${cell.getValue()}`) }),
      column.accessor('two_factor', { header: t('staff.two_factor'), cell: (cell) => (cell.getValue() ? '✓' : '—') }),
      column.accessor('last_login_at', {
        header: t('staff.last_login'),
        cell: (cell) => (cell.getValue() ? new Date(cell.getValue()!).toISOString().slice(0, 16).replace('T', ' ') : t('staff.never')),
      }),
      column.display({
        id: 'actions',
        header: t('staff.actions'),
        cell: (cell) => <StaffRowEditor key={`${cell.row.original.id}-${cell.row.original.version}`} member={cell.row.original} sites={sites} />,
      }),
    ],
    [t, sites],
  );
  const table = useReactTable({
    data: staff,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const submitInvite = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await invite.run();
    if (answer) {
      setInvited(answer);
      setEmail('');
      setSiteIds([]);
      await revalidator.revalidate();
    }
  };

  return (
    <>
      <h1 className="h3">{t('staff.title')}</h1>
      <p className="text-body-secondary">{t('staff.intro')}</p>
      <div className="mb-4">
        <TableRegion label={t('staff.title')}>
          <table className="admin-table w-100" data-testid="staff-table">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={header.column.getIsSorted() ? (header.column.getIsSorted() === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="btn btn-link p-0 text-reset fw-bold text-decoration-none"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {{ asc: ' ▲', desc: ' ▼' }[header.column.getIsSorted() as string] ?? ''}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-top">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </div>

      <section className="card" aria-labelledby="invite-heading" style={{ maxWidth: 560 }}>
        <div className="card-body">
          <h2 className="h5" id="invite-heading">
            {t('staff.invite_title')}
          </h2>
          <form onSubmit={submitInvite} noValidate>
            <FormAlert error={invite.error} fields={['email', 'body.email']} />
            <TextField
              label={t('staff.email')}
              type="email"
              required
              value={email}
              error={invite.fieldError('email') ?? invite.fieldError('body.email')}
              onChange={(event) => setEmail(event.target.value)}
            />
            <div className="mb-3">
              <label className="form-label" htmlFor="invite-role">
                {t('staff.role')}
              </label>
              <select id="invite-role" className="form-select" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
                {STAFF_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {t(`roles.${option}`)} — {t(`role_descriptions.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            {role !== 'owner' && sites.length > 0 && (
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{t('staff.sites')}</legend>
                <p className="form-text mt-0">{t('staff.sites_help')}</p>
                {sites.map((site) => (
                  <div className="form-check" key={site.id}>
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`invite-site-${site.id}`}
                      checked={siteIds.includes(site.id)}
                      onChange={(event) => setSiteIds((chosen) => (event.target.checked ? [...chosen, site.id] : chosen.filter((id) => id !== site.id)))}
                    />
                    <label className="form-check-label" htmlFor={`invite-site-${site.id}`}>
                      {site.name}
                    </label>
                  </div>
                ))}
              </fieldset>
            )}
            <button type="submit" className="btn btn-primary" disabled={invite.pending}>
              {t('staff.invite')}
            </button>
          </form>
          {invited && (
            <div className="alert alert-success mt-3 mb-0" role="status">
              {t('staff.invited', { email: invited.staff.email })}
              <div className="font-monospace small text-break user-select-all mt-1" data-testid="invitation-url">
                {invited.invitation_url}
              </div>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
