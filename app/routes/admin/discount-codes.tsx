import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData, useLocation, useRevalidator } from 'react-router';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { DISCOUNT_KINDS, type ConsoleDiscountCode } from '../../../contract/admin/money';
import { hasPermission } from '../../../contract/admin/roles';
import { CursorTable, formatMoney } from '../../components/admin/money/CursorTable';
import { DiscountCodeForm } from '../../components/admin/money/DiscountCodeForm';
import { MoneyTabs } from '../../components/admin/money/MoneyTabs';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useConsoleStaff } from './layout';
import type { Route } from './+types/discount-codes';
import { useConsoleLanguage } from '../../components/admin/use-console-language';

const QUERY = ['kind', 'status', 'code', 'after'] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null, error: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of QUERY) if (incoming.get(name)) query.set(name, incoming.get(name)!);
  const answer = await context.adminGet<{ items: ConsoleDiscountCode[]; next_after: string | null } | { message: string }>(
    `/api/admin/discount-codes?${query}`,
  );
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  return {
    page: answer.status === 200 ? (answer.body as { items: ConsoleDiscountCode[]; next_after: string | null }) : null,
    error: answer.status === 200 ? null : (answer.body as { message: string }).message,
  };
}

function DisableButton({ code }: { code: ConsoleDiscountCode }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const disable = useApiAction(() => api(`/api/admin/discount-codes/${code.id}/disable`, { method: 'POST', retries: 0 }));
  if (code.status !== 'active') return <span className="text-body-secondary small">{t('money.codes.disabled')}</span>;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={disable.pending}
        aria-label={t('money.codes.disable_code', { code: code.code })}
        onClick={async () => {
          if ((await disable.run()) !== undefined) await revalidator.revalidate();
        }}
      >
        {t('money.codes.disable')}
      </button>
      {disable.error && (
        <div className="text-danger small" role="alert">
          {disable.error.message}
        </div>
      )}
    </>
  );
}

const column = createColumnHelper<ConsoleDiscountCode>();

/** Restrictions of a code in a few words: "NL · EUR · min €10.00 · ideal, paypal". */
function Restrictions({ code }: { code: ConsoleDiscountCode }) {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const parts = [
    code.site_id !== null && t('money.codes.on_site', { id: code.site_id }),
    code.user_id !== null && t('money.codes.for_member', { id: code.user_id }),
    code.country,
    code.currency,
    code.minimum_order_value > 0 &&
      t('money.codes.min', {
        amount: code.currency ? formatMoney(code.minimum_order_value, code.currency, language) : (code.minimum_order_value / 100).toFixed(2),
      }),
    code.payment_methods.length > 0 && code.payment_methods.join(', '),
  ].filter(Boolean);
  return <span className="small">{parts.length ? parts.join(' · ') : t('money.codes.no_restrictions')}</span>;
}

/** `/admin/discount-codes` — the codes operators hand out: list, create, disable. */
export default function DiscountCodesPage() {
  const { t } = useTranslation();
  const { page, error } = useLoaderData<typeof loader>();
  const staff = useConsoleStaff();
  const canWrite = !!staff && hasPermission(staff.role, 'money.write');
  const params = new URLSearchParams(useLocation().search);

  const columns = useMemo(
    () =>
      [
        column.accessor('code', { header: t('money.codes.code'), cell: (cell) => <span className="font-monospace text-break">{cell.getValue()}</span> }),
        column.accessor('value_percentage', { header: t('money.codes.percentage'), cell: (cell) => `${cell.getValue()} %` }),
        column.display({ id: 'restrictions', header: t('money.codes.restrictions'), cell: (cell) => <Restrictions code={cell.row.original} /> }),
        column.accessor('validity', { header: t('money.codes.validity'), cell: (cell) => t(`money.codes.validities.${cell.getValue()}`) }),
        column.accessor('expires_at', {
          header: t('money.codes.expires'),
          cell: (cell) => <span className="text-nowrap small">{cell.getValue()?.slice(0, 10) ?? t('money.codes.never')}</span>,
        }),
        column.accessor('times_used', { header: t('money.codes.used') }),
        column.accessor('status', { header: t('money.codes.status'), cell: (cell) => t(`money.codes.statuses.${cell.getValue()}`) }),
        ...(canWrite ? [column.display({ id: 'actions', header: t('money.codes.actions'), cell: (cell) => <DisableButton code={cell.row.original} /> })] : []),
      ] as ColumnDef<ConsoleDiscountCode, unknown>[],
    [t, canWrite],
  );

  return (
    <>
      <MoneyTabs />
      <h1 className="h3">{t('money.codes.title')}</h1>
      <p className="text-body-secondary">{t('money.codes.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('money.codes.filter')}>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="codes-kind">
            {t('money.codes.kind')}
          </label>
          <select id="codes-kind" name="kind" className="form-select form-select-sm" defaultValue={params.get('kind') ?? 'standard'}>
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`money.codes.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="codes-status">
            {t('money.codes.status')}
          </label>
          <select id="codes-status" name="status" className="form-select form-select-sm" defaultValue={params.get('status') ?? ''}>
            <option value="">{t('money.any')}</option>
            <option value="active">{t('money.codes.statuses.active')}</option>
            <option value="inactive">{t('money.codes.statuses.inactive')}</option>
          </select>
        </div>
        <div className="col-8 col-md-3">
          <label className="form-label small mb-1" htmlFor="codes-code">
            {t('money.codes.find_code')}
          </label>
          <input id="codes-code" name="code" className="form-control form-control-sm" defaultValue={params.get('code') ?? ''} />
        </div>
        <div className="col-4 col-md-auto">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('money.orders.apply')}
          </button>
        </div>
      </Form>
      {error && <p className="alert alert-danger">{error}</p>}
      {page && (
        <div className="mb-4">
          <CursorTable label={t('money.codes.title')} columns={columns} items={page.items} nextAfter={page.next_after} testId="codes-table" />
        </div>
      )}
      {canWrite && <DiscountCodeForm />}
    </>
  );
}
