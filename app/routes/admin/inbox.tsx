import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { InboxItem, InboxPage } from '../../../contract/admin/fictional';
import { ConsoleDataTable } from '../../components/admin/ConsoleDataTable';
import { SiteSelect } from '../../components/admin/SiteSelect';
import { usePolling } from '../../components/admin/use-polling';
import type { Route } from './+types/inbox';

/** Minutes a claim lasts without activity (the server's `CLAIM_MINUTES`). */
const CLAIM_MINUTES = 5;

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.staff) return { page: null, siteId: '' };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of ['site_id', 'page'] as const) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<z.infer<typeof InboxPage>>(`/api/admin/inbox?${query}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data('The inbox could not be read.', { status: answer.status });
  return { page: answer.body, siteId: incoming.get('site_id') ?? '' };
}

type Item = z.infer<typeof InboxItem>;
const column = createColumnHelper<Item>();
const shortTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** `/admin/inbox` — conversations with fictional profiles that wait for an answer, the longest-waiting first. */
export default function HostInbox() {
  const { t } = useTranslation();
  const { page, siteId } = useLoaderData<typeof loader>();
  usePolling(5000);
  const columns = useMemo(
    () =>
      [
        column.accessor('waiting_since', { header: t('inbox.waiting_since'), cell: (cell) => shortTime(cell.getValue()) }),
        column.accessor((item) => item.fictional.name, { id: 'profile', header: t('inbox.profile'), cell: (cell) => `★ ${cell.getValue()}` }),
        column.accessor((item) => item.member.name, { id: 'member', header: t('inbox.member') }),
        column.accessor('unread', { header: t('inbox.unread') }),
        column.accessor('last_message', {
          header: t('inbox.last_message'),
          cell: (cell) => (
            <span className="d-inline-block text-truncate" style={{ maxWidth: '16rem' }}>
              {cell.getValue()}
            </span>
          ),
        }),
        column.accessor('claim', {
          header: t('inbox.claim'),
          cell: (cell) => {
            const claim = cell.getValue();
            if (!claim) return <span className="badge text-bg-success">{t('inbox.free')}</span>;
            return claim.mine ? (
              <span className="badge text-bg-primary">{t('inbox.mine')}</span>
            ) : (
              <span className="badge text-bg-secondary">{t('inbox.taken')}</span>
            );
          },
        }),
        column.display({
          id: 'open',
          header: t('inbox.open'),
          cell: (cell) => (
            <Link
              className="btn btn-sm btn-outline-primary"
              to={`/admin/inbox/${cell.row.original.conversation_id}`}
              aria-label={`${t('inbox.open')}: ${cell.row.original.member.name} → ${cell.row.original.fictional.name}`}
            >
              {t('inbox.open')}
            </Link>
          ),
        }),
      ] as ColumnDef<Item, unknown>[],
    [t],
  );
  if (!page) return null;
  return (
    <>
      <h1 className="h3">{t('inbox.title')}</h1>
      <p className="text-body-secondary">{t('inbox.intro', { minutes: CLAIM_MINUTES })}</p>
      <p className="small text-body-secondary">{t('inbox.auto_refresh')}</p>
      {page.sites.length > 1 && (
        <Form method="get" className="d-flex flex-wrap align-items-end gap-2 mb-3">
          <SiteSelect
            compact
            label={t('inbox.site')}
            name="site_id"
            sites={page.sites}
            everySiteLabel={t('inbox.all_sites')}
            defaultValue={siteId}
            style={{ maxWidth: '16rem' }}
          />
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            {t('inbox.show')}
          </button>
        </Form>
      )}
      {page.items.length === 0 && page.page === 1 ? (
        <p data-testid="inbox-empty">{t('inbox.empty')}</p>
      ) : (
        <ConsoleDataTable label={t('inbox.title')} columns={columns} page={page} sortable={[]} testId="inbox-table" />
      )}
    </>
  );
}
