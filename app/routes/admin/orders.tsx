import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/links';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { ORDER_STATUS_FILTERS, TOTALS_MAX_DAYS, type ConsoleOrder, type OrderTotals } from '../../../contract/admin/money';
import { PAYMENT_METHODS } from '../../../contract/payment-methods';
import { CursorTable, formatMoney, shortTime } from '../../components/admin/money/CursorTable';
import { MoneyTabs } from '../../components/admin/money/MoneyTabs';
import { SepaReturnDialog } from '../../components/admin/money/SepaReturnDialog';
import { hasPermission } from '../../../contract/admin/roles';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/orders';
import { useConsoleLanguage } from '../../components/admin/use-console-language';

/** The address's filters that go to the API (and into the CSV link), in this order. */
const FILTERS = ['status', 'refunded', 'payment_method', 'site_id', 'user_id', 'payment_id', 'from', 'to'] as const;
const PAGING = ['sort', 'dir', 'after'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { filter: '', page: null, totals: null, error: null, totalsError: null };
  const incoming = url.searchParams;
  const filter = new URLSearchParams();
  for (const name of FILTERS) if (incoming.get(name)) filter.set(name, incoming.get(name)!);
  const listQuery = new URLSearchParams(filter);
  for (const name of PAGING) if (incoming.get(name)) listQuery.set(name, incoming.get(name)!);
  const wantsTotals = filter.has('from') && filter.has('to');
  const [list, totals] = await Promise.all([
    context.adminGet<{ items: ConsoleOrder[]; next_after: string | null } | { message: string }>(`/api/admin/orders?${listQuery}`),
    wantsTotals ? context.adminGet<OrderTotals | { message: string }>(`/api/admin/orders/totals?${filter}`) : null,
  ]);
  if (list.status === 401 || list.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  return {
    filter: filter.toString(),
    page: list.status === 200 ? (list.body as { items: ConsoleOrder[]; next_after: string | null }) : null,
    error: list.status === 200 ? null : (list.body as { message: string }).message,
    totals: totals?.status === 200 ? (totals.body as OrderTotals) : null,
    totalsError: totals && totals.status !== 200 ? (totals.body as { message: string }).message : null,
  };
}

const column = createColumnHelper<ConsoleOrder>();

/** The pre-set views: all orders, refunds, failed and pending payments. */
const VIEWS = [
  { key: 'all', query: '' },
  { key: 'paid', query: 'status=paid' },
  { key: 'refunds', query: 'refunded=true' },
  { key: 'failed', query: 'status=failed' },
  { key: 'unpaid', query: 'status=unpaid' },
] as const;

function Totals({ totals, error }: { totals: OrderTotals | null; error: string | null }) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  if (error) return <p className="alert alert-warning">{error}</p>;
  if (!totals) return <p className="text-body-secondary small">{t('money.orders.totals_hint', { days: TOTALS_MAX_DAYS })}</p>;
  return (
    <section aria-labelledby="totals-heading" className="mb-3" data-testid="order-totals">
      <h2 className="h6" id="totals-heading">
        {t('money.orders.totals_title', { from: totals.from, to: totals.to })}
      </h2>
      {totals.currencies.length === 0 ? (
        <p className="text-body-secondary small">{t('money.orders.totals_none')}</p>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          {totals.currencies.map((row) => (
            <div className="card" key={row.currency} data-testid={`totals-${row.currency}`}>
              <div className="card-body py-2 px-3 small">
                <div className="fw-bold">{row.currency}</div>
                <div>{t('money.orders.totals_paid', { amount: formatMoney(row.paid_amount, row.currency, language), count: row.paid_count })}</div>
                <div>{t('money.orders.totals_refunded', { amount: formatMoney(row.refunded_amount, row.currency, language), count: row.refunded_count })}</div>
                <div className="text-body-secondary">
                  {t('money.orders.totals_net', { amount: formatMoney(row.paid_amount - row.refunded_amount, row.currency, language) })}
                </div>
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** `/admin/orders` — orders of every site, filtered and sorted on the server, with totals and the CSV export. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const { filter, page, error, totals, totalsError } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const staff = useConsoleStaff();
  const revalidator = useRevalidator();
  const [returning, setReturning] = useState<ConsoleOrder | null>(null);
  const [booked, setBooked] = useState<number | null>(null);
  // A return is booked by hand only for debits the site collected itself: providers report their own.
  const canBookReturn = (order: ConsoleOrder) =>
    !!staff && hasPermission(staff.role, 'money.write') && order.provider === 'sepa' && order.payment_method === 'directdebit' && order.status === 'paid';
  const currentView = VIEWS.find(
    (view) =>
      new URLSearchParams(view.query).toString() ===
      new URLSearchParams([...new URLSearchParams(filter)].filter(([name]) => name === 'status' || name === 'refunded')).toString(),
  )?.key;

  const columns = useMemo(
    () =>
      [
        column.accessor('id', { header: t('money.orders.id'), cell: (cell) => <span className="font-monospace">{cell.getValue()}</span> }),
        column.accessor('created_at', {
          id: 'created',
          header: t('money.orders.created'),
          cell: (cell) => <span className="text-nowrap small">{shortTime(cell.getValue())}</span>,
        }),
        column.accessor('site_name', { header: t('money.orders.site') }),
        column.accessor('user_id', {
          header: t('money.orders.member'),
          cell: (cell) =>
            cell.getValue() === null ? (
              <span className="text-body-secondary">{t('money.orders.deleted_member')}</span>
            ) : (
              <div className="text-break">
                <Link to={`/admin/members/${cell.getValue()}`}>{cell.row.original.member_name || `#${cell.getValue()}`}</Link>
                {cell.row.original.member_email && <div className="small text-body-secondary">{cell.row.original.member_email}</div>}
              </div>
            ),
        }),
        column.accessor('status', {
          header: t('money.orders.status'),
          cell: (cell) => (
            <>
              {t(`money.statuses.${cell.getValue()}`)}
              {cell.row.original.refund && (
                <div className="badge text-bg-warning">
                  {t('money.orders.refunded_badge', { amount: formatMoney(cell.row.original.refund.amount, cell.row.original.currency, language) })}
                </div>
              )}
            </>
          ),
        }),
        column.accessor('payment_method', { header: t('money.orders.method') }),
        column.accessor('amount', {
          header: t('money.orders.amount'),
          cell: (cell) => (
            <span className="text-nowrap">
              {formatMoney(cell.getValue(), cell.row.original.currency, language)}
              {cell.row.original.discount_code && (
                <div className="small text-body-secondary">
                  {t('money.orders.discount', { code: cell.row.original.discount_code, percentage: cell.row.original.discount_percentage })}
                </div>
              )}
            </span>
          ),
        }),
        column.accessor('credits', { header: t('money.orders.credits') }),
        column.accessor('country', { header: t('money.orders.country') }),
        column.display({
          id: 'actions',
          header: t('money.orders.actions'),
          cell: (cell) =>
            canBookReturn(cell.row.original) ? (
              <button type="button" className="btn btn-sm btn-outline-danger text-nowrap" onClick={() => setReturning(cell.row.original)}>
                {t('money.sepa_return.open')}
              </button>
            ) : null,
        }),
      ] as ColumnDef<ConsoleOrder, unknown>[],
    // canBookReturn reads only the signed-in staff member, who does not change on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, staff],
  );

  return (
    <>
      <MoneyTabs />
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h1 className="h3">{t('money.orders.title')}</h1>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/admin/orders.csv${filter ? `?${filter}` : ''}`} download data-testid="orders-csv">
          {t('money.orders.export')}
        </a>
      </div>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={t('money.orders.views')}>
        {VIEWS.map((view) => (
          <li key={view.key}>
            <Link
              className={`btn btn-sm ${currentView === view.key ? 'btn-dark' : 'btn-outline-secondary'}`}
              aria-current={currentView === view.key ? 'page' : undefined}
              to={`/admin/orders${view.query ? `?${view.query}` : ''}`}
            >
              {t(`money.orders.view_${view.key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('money.orders.filter')}>
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor="filter-status">
            {t('money.orders.status')}
          </label>
          <select id="filter-status" name="status" className="form-select form-select-sm" defaultValue={params.get('status') ?? ''}>
            <option value="">{t('money.any')}</option>
            {ORDER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`money.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor="filter-method">
            {t('money.orders.method')}
          </label>
          <select id="filter-method" name="payment_method" className="form-select form-select-sm" defaultValue={params.get('payment_method') ?? ''}>
            <option value="">{t('money.any')}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md">
          <label className="form-label small mb-1" htmlFor="filter-payment-id">
            {t('money.orders.payment_id')}
          </label>
          <input id="filter-payment-id" name="payment_id" className="form-control form-control-sm" defaultValue={params.get('payment_id') ?? ''} />
        </div>
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor="filter-site">
            {t('money.orders.site_id')}
          </label>
          <input id="filter-site" name="site_id" type="number" min={1} className="form-control form-control-sm" defaultValue={params.get('site_id') ?? ''} />
        </div>
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor="filter-from">
            {t('money.orders.from')}
          </label>
          <input id="filter-from" name="from" type="date" className="form-control form-control-sm" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className="col-6 col-md">
          <label className="form-label small mb-1" htmlFor="filter-to">
            {t('money.orders.to')}
          </label>
          <input id="filter-to" name="to" type="date" className="form-control form-control-sm" defaultValue={params.get('to') ?? ''} />
        </div>
        {params.get('refunded') && <input type="hidden" name="refunded" value={params.get('refunded')!} />}
        {params.get('sort') && <input type="hidden" name="sort" value={params.get('sort')!} />}
        {params.get('dir') && <input type="hidden" name="dir" value={params.get('dir')!} />}
        <div className="col-12 col-md-auto d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('money.orders.apply')}
          </button>
          <Link className="btn btn-sm btn-link" to="/admin/orders">
            {t('money.orders.reset')}
          </Link>
        </div>
      </Form>
      {booked !== null && (
        <div className="alert alert-success" role="status" data-testid="sepa-return-booked">
          {t('money.sepa_return.done', { id: booked })} <Link to={`/admin/chargebacks?kind=return`}>{t('money.sepa_return.to_list')}</Link>
        </div>
      )}
      <Totals totals={totals} error={totalsError} />
      {error && <p className="alert alert-danger">{error}</p>}
      {page && (
        <CursorTable
          label={t('money.orders.title')}
          columns={columns}
          items={page.items}
          nextAfter={page.next_after}
          sortable={['created', 'amount']}
          defaultSort="created"
          testId="orders-table"
        />
      )}
      {returning && (
        <SepaReturnDialog
          order={returning}
          onCancel={() => setReturning(null)}
          onBooked={(chargeback) => {
            setReturning(null);
            setBooked(chargeback.order_id);
            void revalidator.revalidate();
          }}
        />
      )}
    </>
  );
}
