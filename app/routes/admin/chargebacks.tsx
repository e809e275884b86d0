import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation, useRevalidator } from 'react-router';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { CHARGEBACK_KINDS, type ConsoleChargeback } from '../../../contract/admin/chargebacks';
import { hasPermission } from '../../../contract/admin/roles';
import { CursorTable, formatMoney, shortTime } from '../../components/admin/money/CursorTable';
import { useConsoleLanguage } from '../../components/admin/use-console-language';
import { YesNoFilter } from '../../components/admin/money/YesNoFilter';
import { MoneyTabs } from '../../components/admin/money/MoneyTabs';
import { Link } from '../../components/ui/links';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/chargebacks';

const QUERY = ['kind', 'open_debt', 'site_id', 'user_id', 'after'] as const;
type ChargebacksPage = { items: ConsoleChargeback[]; next_after: string | null };

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null, error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of QUERY) if (incoming.get(name)) query.set(name, incoming.get(name)!);
  const answer = await context.adminGet<ChargebacksPage | { message: string }>(`/api/admin/chargebacks?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  return {
    page: answer.status === 200 ? (answer.body as ChargebacksPage) : null,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

/** Closes a member's debt from one chargeback: settled (paid some other way) or waived. */
function DebtActions({ chargeback }: { chargeback: ConsoleChargeback }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const resolve = useApiAction((resolution: 'settled' | 'waived') =>
    api(`/api/admin/chargebacks/${chargeback.id}/debt`, { method: 'POST', body: { resolution }, retries: 0 }),
  );
  const run = async (resolution: 'settled' | 'waived') => {
    if ((await resolve.run(resolution)) !== undefined) await revalidator.revalidate();
  };
  return (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={resolve.pending}
        aria-label={t('money.chargebacks.settle_for', { id: chargeback.id })}
        onClick={() => run('settled')}
      >
        {t('money.chargebacks.settle')}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={resolve.pending}
        aria-label={t('money.chargebacks.waive_for', { id: chargeback.id })}
        onClick={() => run('waived')}
      >
        {t('money.chargebacks.waive')}
      </button>
      {resolve.error && (
        <div className="text-danger small w-100" role="alert">
          {resolve.error.message}
        </div>
      )}
    </div>
  );
}

/** What the member owes from this chargeback, and whether it is still open. */
function Debt({ chargeback, canWrite }: { chargeback: ConsoleChargeback; canWrite: boolean }) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  if (!chargeback.booked_at) return <span className="small text-body-secondary">{t('money.chargebacks.not_booked')}</span>;
  if (chargeback.debt_amount === 0 && chargeback.debt_resolution === 'reversed')
    return <span className="small">{t('money.chargebacks.resolutions.reversed')}</span>;
  if (chargeback.debt_amount === 0) return <span className="small text-body-secondary">{t('money.chargebacks.no_debt')}</span>;
  const amount = `${formatMoney(chargeback.debt_amount, chargeback.currency, language)} (${t('money.chargebacks.credits', { count: chargeback.debt_credits })})`;
  if (chargeback.debt_resolution)
    return (
      <span className="small">
        {amount} · {t(`money.chargebacks.resolutions.${chargeback.debt_resolution}`)}
      </span>
    );
  return (
    <div>
      <span className="badge text-bg-danger mb-1">{t('money.chargebacks.open_debt', { amount })}</span>
      {canWrite && <DebtActions chargeback={chargeback} />}
    </div>
  );
}

const column = createColumnHelper<ConsoleChargeback>();

/**
 * `/admin/chargebacks` — chargebacks and SEPA returns across sites (issue 33), beside the orders:
 * amount, reason, date, member and the debt they left, which money.write settles or waives.
 */
export default function ChargebacksPage() {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const { page, error } = useLoaderData<typeof loader>();
  const staff = useConsoleStaff();
  const canWrite = !!staff && hasPermission(staff.role, 'money.write');
  const params = new URLSearchParams(useLocation().search);

  const columns = useMemo(
    () =>
      [
        column.accessor('charged_back_at', {
          header: t('money.chargebacks.date'),
          cell: (cell) => <span className="text-nowrap small">{shortTime(cell.getValue())}</span>,
        }),
        column.accessor('kind', { header: t('money.chargebacks.kind'), cell: (cell) => t(`money.chargebacks.kinds.${cell.getValue()}`) }),
        column.accessor('user_id', {
          header: t('money.chargebacks.member'),
          cell: (cell) =>
            cell.getValue() === null ? (
              t('money.chargebacks.member_gone')
            ) : (
              <Link to={`/admin/members/${cell.getValue()}`}>
                {cell.row.original.member_name ?? `#${cell.getValue()}`} <span className="small text-break">{cell.row.original.member_email}</span>
              </Link>
            ),
        }),
        column.accessor('site_name', { header: t('money.chargebacks.site') }),
        column.accessor('order_id', { header: t('money.chargebacks.order') }),
        column.accessor('payment_method', { header: t('money.chargebacks.method') }),
        column.accessor('amount', {
          header: t('money.chargebacks.amount'),
          cell: (cell) => <span className="text-nowrap">{formatMoney(cell.getValue(), cell.row.original.currency, language)}</span>,
        }),
        column.accessor('reason_code', {
          header: t('money.chargebacks.reason'),
          cell: (cell) => (
            <span className="small">
              <span className="font-monospace">{cell.getValue() ?? '–'}</span>
              {cell.row.original.reason_text && <span className="d-block text-body-secondary">{cell.row.original.reason_text}</span>}
            </span>
          ),
        }),
        column.accessor('reversed_credits', { header: t('money.chargebacks.reversed') }),
        column.display({ id: 'debt', header: t('money.chargebacks.debt'), cell: (cell) => <Debt chargeback={cell.row.original} canWrite={canWrite} /> }),
      ] as ColumnDef<ConsoleChargeback, unknown>[],
    [t, canWrite],
  );

  return (
    <>
      <MoneyTabs />
      <h1 className="h3">{t('money.chargebacks.title')}</h1>
      <p className="text-body-secondary">{t('money.chargebacks.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('money.chargebacks.filter')}>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="chargebacks-kind">
            {t('money.chargebacks.kind')}
          </label>
          <select id="chargebacks-kind" name="kind" className="form-select form-select-sm" defaultValue={params.get('kind') ?? ''}>
            <option value="">{t('money.any')}</option>
            {CHARGEBACK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`money.chargebacks.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <YesNoFilter
          id="chargebacks-debt"
          name="open_debt"
          label={t('money.chargebacks.debt')}
          yes={t('money.chargebacks.open_debt_only')}
          no={t('money.chargebacks.no_open_debt')}
          value={params.get('open_debt')}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('money.orders.apply')}
          </button>
        </div>
      </Form>
      {error && <p className="alert alert-danger">{error}</p>}
      {page && <CursorTable label={t('money.chargebacks.title')} columns={columns} items={page.items} nextAfter={page.next_after} testId="chargebacks-table" />}
    </>
  );
}
