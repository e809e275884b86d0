import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation } from 'react-router';
import type { z } from 'zod';
import type { AuditEntry, AuditPage } from '../../../contract/admin/audit';
import { TableRegion } from '../../components/admin/TableRegion';
import { api } from '../../lib/api-client';
import type { Route } from './+types/audit';

const FILTERS = ['action', 'target_type', 'target_id', 'from', 'to'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { query: '', page: null, error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<z.infer<typeof AuditPage> | { message: string }>(`/api/admin/audit?${query}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  return {
    query: query.toString(),
    page: answer.status === 200 ? (answer.body as z.infer<typeof AuditPage>) : null,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

/** What changed, field by field: `role: support → admin`. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  if (!fields.length) return <span className="text-body-secondary">—</span>;
  const show = (value: unknown) => (value === undefined ? '∅' : JSON.stringify(value));
  return (
    <ul className="list-unstyled mb-0 small">
      {fields.map((field) => (
        <li key={field}>
          <code>{field}</code>: {show(entry.before[field])} → {show(entry.after[field])}
        </li>
      ))}
    </ul>
  );
}

/** `/admin/audit` — every change made in the console, filtered, newest first, and as CSV. */
export default function AuditLog() {
  const { t } = useTranslation();
  const { query, page, error } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const [older, setOlder] = useState<{ forQuery: string; entries: AuditEntry[]; next: number | null }>({ forQuery: query, entries: [], next: null });
  const extra = older.forQuery === query ? older : { forQuery: query, entries: [], next: null };
  const entries = [...(page?.entries ?? []), ...extra.entries];
  const next = extra.entries.length ? extra.next : (page?.next_before ?? null);

  const loadOlder = async () => {
    if (next === null) return;
    const more = await api<z.infer<typeof AuditPage>>(`/api/admin/audit?${query}${query ? '&' : ''}before=${next}`);
    setOlder({ forQuery: query, entries: [...extra.entries, ...more.entries], next: more.next_before });
  };

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h1 className="h3">{t('audit.title')}</h1>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/admin/audit.csv${query ? `?${query}` : ''}`} download>
          {t('audit.export')}
        </a>
      </div>
      <p className="text-body-secondary">{t('audit.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('audit.apply')}>
        {FILTERS.map((name) => (
          <div className="col-6 col-md" key={name}>
            <label className="form-label small mb-1" htmlFor={`filter-${name}`}>
              {t(`audit.filter_${name}`)}
            </label>
            <input
              id={`filter-${name}`}
              name={name}
              type={name === 'from' || name === 'to' ? 'date' : 'text'}
              className="form-control form-control-sm"
              defaultValue={params.get(name) ?? ''}
            />
          </div>
        ))}
        <div className="col-12 col-md-auto d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('audit.apply')}
          </button>
          <a className="btn btn-sm btn-link" href="/admin/audit">
            {t('audit.reset')}
          </a>
        </div>
      </Form>
      {error && <p className="alert alert-danger">{error}</p>}
      {entries.length === 0 && !error ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <TableRegion label={t('audit.title')}>
          <table className="admin-table w-100" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.changes')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-top" data-testid="audit-entry">
                  <td className="text-nowrap small" data-label={t('audit.when')}>
                    {entry.at.slice(0, 19).replace('T', ' ')}
                  </td>
                  <td className="small" data-label={t('audit.who')}>
                    {entry.staff_email}
                    <div className="text-body-secondary">{entry.role}</div>
                  </td>
                  <td data-label={t('audit.action')}>
                    <code>{entry.action}</code>
                  </td>
                  <td className="small" data-label={t('audit.target')}>
                    {entry.target_type} {entry.target_id}
                  </td>
                  <td data-label={t('audit.changes')}>
                    <Changes entry={entry} />
                  </td>
                  <td className="small" data-label={t('audit.ip')}>
                    {entry.ip ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {next !== null && (
        <button type="button" className="btn btn-outline-secondary mt-3" onClick={() => void loadOlder()}>
          {t('audit.more')}
        </button>
      )}
    </>
  );
}
