import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { ConsoleMandate } from '../../../contract/admin/money';
import { CursorTable, shortTime } from '../../components/admin/money/CursorTable';
import { YesNoFilter } from '../../components/admin/money/YesNoFilter';
import { MoneyTabs } from '../../components/admin/money/MoneyTabs';
import type { Route } from './+types/mandates';

const QUERY = ['blocked', 'confirmed', 'user_id', 'after'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null, error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of QUERY) if (incoming.get(name)) query.set(name, incoming.get(name)!);
  const answer = await context.adminGet<{ items: ConsoleMandate[]; next_after: string | null } | { message: string }>(`/api/admin/mandates?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  return {
    page: answer.status === 200 ? (answer.body as { items: ConsoleMandate[]; next_after: string | null }) : null,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

const column = createColumnHelper<ConsoleMandate>();

/**
 * `/admin/mandates` — SEPA mandates across sites and the members blocked for direct debit.
 * Unblocking is done on the member's page, which each row links to.
 */
export default function MandatesPage() {
  const { t } = useTranslation();
  const { page, error } = useLoaderData<typeof loader>();
  const params = new URLSearchParams(useLocation().search);

  const columns = useMemo(
    () =>
      [
        column.accessor('id', { header: t('money.mandates.id') }),
        column.accessor('created_at', {
          header: t('money.mandates.created'),
          cell: (cell) => <span className="text-nowrap small">{shortTime(cell.getValue())}</span>,
        }),
        column.accessor('user_id', {
          header: t('money.mandates.member'),
          cell: (cell) => (
            <Link to={`/admin/members/${cell.getValue()}`}>
              #{cell.getValue()} <span className="small text-break">{cell.row.original.member_email}</span>
            </Link>
          ),
        }),
        column.accessor('account_holder', { header: t('money.mandates.holder') }),
        column.accessor('iban', { header: t('money.mandates.iban'), cell: (cell) => <span className="font-monospace text-nowrap">{cell.getValue()}</span> }),
        column.accessor('order_id', { header: t('money.mandates.order') }),
        column.accessor('confirmed_at', {
          header: t('money.mandates.confirmed'),
          cell: (cell) => (cell.getValue() ? shortTime(cell.getValue()!) : t('money.mandates.unconfirmed')),
        }),
        column.accessor('direct_debit_blocked', {
          header: t('money.mandates.block'),
          cell: (cell) =>
            cell.getValue() ? (
              <Link className="badge text-bg-danger text-decoration-none" to={`/admin/members/${cell.row.original.user_id}`}>
                {t('money.mandates.blocked')}
              </Link>
            ) : (
              <span className="text-body-secondary small">{t('money.mandates.not_blocked')}</span>
            ),
        }),
      ] as ColumnDef<ConsoleMandate, unknown>[],
    [t],
  );

  return (
    <>
      <MoneyTabs />
      <h1 className="h3">{t('money.mandates.title')}</h1>
      <p className="text-body-secondary">{t('money.mandates.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('money.mandates.filter')}>
        <YesNoFilter
          id="mandates-blocked"
          name="blocked"
          label={t('money.mandates.block')}
          yes={t('money.mandates.blocked_only')}
          no={t('money.mandates.not_blocked')}
          value={params.get('blocked')}
        />
        <YesNoFilter
          id="mandates-confirmed"
          name="confirmed"
          label={t('money.mandates.confirmed')}
          yes={t('money.mandates.confirmed_only')}
          no={t('money.mandates.unconfirmed')}
          value={params.get('confirmed')}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('money.orders.apply')}
          </button>
        </div>
      </Form>
      {error && <p className="alert alert-danger">{error}</p>}
      {page && <CursorTable label={t('money.mandates.title')} columns={columns} items={page.items} nextAfter={page.next_after} testId="mandates-table" />}
    </>
  );
}
