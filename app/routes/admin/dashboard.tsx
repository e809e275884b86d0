import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { DASHBOARD_RANGES, type Dashboard, type DashboardRange } from '../../../contract/admin/dashboard';
import type { ChargebackRatios } from '../../../contract/admin/chargebacks';
import { hasPermission } from '../../../contract/admin/roles';
import { ChargebackRatioSection } from '../../components/admin/money/ChargebackRatioSection';
import { useConsoleStaff } from './layout';
import { TableRegion } from '../../components/admin/TableRegion';
import { BarChart, type ChartSeries } from '../../components/admin/BarChart';
import { formatMoney } from '../../lib/format-money';
import type { Route } from './+types/dashboard';
import { useConsoleLanguage } from '../../components/admin/use-console-language';

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { figures: null, error: null, ratios: null };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  for (const name of ['range', 'site_id']) {
    const value = incoming.get(name);
    if (value) query.set(name, value);
  }
  const siteOnly = new URLSearchParams(query.get('site_id') ? { site_id: query.get('site_id')! } : {});
  const [answer, ratios] = await Promise.all([
    context.adminGet<Dashboard | { message: string }>(`/api/admin/dashboard?${query}`),
    context.adminGet<ChargebackRatios>(`/api/admin/chargebacks/ratio?${siteOnly}`),
  ]);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  return answer.status === 200
    ? { figures: answer.body as Dashboard, error: null, ratios: ratios.status === 200 ? ratios.body : null }
    : { figures: null, error: (answer.body as { message: string }).message, ratios: null };
}

const COLORS = { signups: '#0d6efd', activations: '#20c997', messages: '#6f42c1', first_purchases: '#fd7e14', refunds: '#dc3545', revenue: '#198754' };

/** A bucket's label: the hour, the day or the month it starts (times are UTC, as the intro says). */
function bucketLabel(bucket: string, range: DashboardRange) {
  const date = new Date(bucket);
  if (range === '24h') return date.toISOString().slice(11, 16);
  if (range === '30d') return date.toISOString().slice(0, 10);
  return date.toISOString().slice(0, 7);
}

const SHORT_LABEL: Record<DashboardRange, Intl.DateTimeFormatOptions> = {
  '24h': { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' },
  '30d': { day: 'numeric', month: 'short', timeZone: 'UTC' },
  '12m': { month: 'short', year: '2-digit', timeZone: 'UTC' },
};

/** A bucket on a chart's time axis: short dates that fit under a bar ("Nov 28", "Nov 26", "14:00"). */
function axisLabel(bucket: string, range: DashboardRange, language: string) {
  return new Intl.DateTimeFormat(language, SHORT_LABEL[range]).format(new Date(bucket));
}

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="col">
      <div className="border rounded p-3 h-100 admin-figure" data-testid={testId}>
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-4 fw-semibold">{value}</div>
        {detail && <div className="small text-body-secondary">{detail}</div>}
      </div>
    </div>
  );
}

/** `/admin/dashboard` — a site's or every site's sign-ups, activity, revenue and waiting work, over 24 h, 30 days or 12 months. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const { figures, error, ratios } = useLoaderData<typeof loader>();
  const staff = useConsoleStaff();

  const charts = useMemo(() => {
    if (!figures) return [];
    const charts: { key: string; title: string; unit: string; series: ChartSeries[]; money?: string }[] = [
      {
        key: 'members',
        title: t('dashboard.chart_members'),
        unit: t('dashboard.unit_members'),
        series: [
          { label: t('dashboard.signups'), values: figures.series.signups, color: COLORS.signups },
          { label: t('dashboard.activations'), values: figures.series.activations, color: COLORS.activations },
        ],
      },
      {
        key: 'messages',
        title: t('dashboard.messages'),
        unit: t('dashboard.unit_messages'),
        series: [{ label: t('dashboard.messages'), values: figures.series.messages, color: COLORS.messages }],
      },
      {
        key: 'first_purchases',
        title: t('dashboard.first_purchases'),
        unit: t('dashboard.unit_purchases'),
        series: [{ label: t('dashboard.first_purchases'), values: figures.series.first_purchases, color: COLORS.first_purchases }],
      },
      ...figures.revenue.map((revenue) => ({
        key: `revenue-${revenue.currency}`,
        title: t('dashboard.revenue_in', { currency: revenue.currency }),
        money: revenue.currency,
        unit: revenue.currency,
        series: [{ label: t('dashboard.revenue_in', { currency: revenue.currency }), values: revenue.amounts, color: COLORS.revenue }],
      })),
      {
        key: 'refunds',
        title: t('dashboard.refunds'),
        unit: t('dashboard.unit_refunds'),
        series: [{ label: t('dashboard.refunds'), values: figures.series.refunds, color: COLORS.refunds }],
      },
    ];
    return charts;
  }, [figures, t]);
  const moneyFormatters = useMemo(
    () => new Map((figures?.revenue ?? []).map((row) => [row.currency, (value: number) => formatMoney({ currency: row.currency, amount: value }, language)])),
    [figures, language],
  );

  if (!figures) return <p className="alert alert-danger">{error}</p>;
  const siteParam = figures.site_id === null ? '' : `&site_id=${figures.site_id}`;
  const number = (value: number) => value.toLocaleString(language);
  const siteName = figures.sites.find((site) => site.id === figures.site_id)?.name ?? t('dashboard.all_sites');

  return (
    <>
      <h1 className="h3">{t('dashboard.title')}</h1>
      <p className="text-body-secondary">{t('dashboard.intro', { site: siteName, period: t(`dashboard.range_${figures.range}`) })}</p>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <nav aria-label={t('dashboard.period')}>
          <div className="btn-group" role="group">
            {DASHBOARD_RANGES.map((range) => (
              <Link
                key={range}
                to={`?range=${range}${siteParam}`}
                className={`btn btn-sm ${range === figures.range ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-current={range === figures.range ? 'page' : undefined}
              >
                {t(`dashboard.range_${range}`)}
              </Link>
            ))}
          </div>
        </nav>
        <Form method="get" className="d-flex gap-2 align-items-end">
          <input type="hidden" name="range" value={figures.range} />
          <div>
            <label className="form-label small mb-1" htmlFor="dashboard-site">
              {t('dashboard.site')}
            </label>
            <select
              id="dashboard-site"
              name="site_id"
              className="form-select form-select-sm"
              defaultValue={figures.site_id ?? ''}
              key={figures.site_id ?? 'all'}
            >
              <option value="">{t('dashboard.all_sites')}</option>
              {figures.sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-sm btn-outline-secondary">
            {t('dashboard.show')}
          </button>
        </Form>
      </div>

      <section aria-labelledby="figures-heading" className="mb-4">
        <h2 className="visually-hidden" id="figures-heading">
          {t('dashboard.figures')}
        </h2>
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-2">
          <Figure
            testId="figure-signups"
            label={t('dashboard.signups')}
            value={number(figures.totals.signups)}
            detail={t('dashboard.activations_detail', { count: figures.totals.activations })}
          />
          <Figure testId="figure-active" label={t('dashboard.active_members')} value={number(figures.totals.active_members)} />
          <Figure testId="figure-messages" label={t('dashboard.messages')} value={number(figures.totals.messages)} />
          <Figure
            testId="figure-conversion"
            label={t('dashboard.conversion')}
            value={figures.totals.conversion === null ? '–' : `${(figures.totals.conversion * 100).toFixed(1)} %`}
            detail={t('dashboard.first_purchases_detail', { count: figures.totals.first_purchases })}
          />
          {figures.revenue.length === 0 ? (
            <Figure testId="figure-revenue" label={t('dashboard.revenue')} value="–" />
          ) : (
            figures.revenue.map((row) => (
              <Figure
                key={row.currency}
                testId={`figure-revenue-${row.currency}`}
                label={t('dashboard.revenue_in', { currency: row.currency })}
                value={formatMoney({ currency: row.currency, amount: row.total }, language)}
              />
            ))
          )}
          <Figure
            testId="figure-refunds"
            label={t('dashboard.refunds')}
            value={number(figures.totals.refunds)}
            detail={figures.totals.refunded.map((row) => formatMoney({ currency: row.currency, amount: row.amount }, language)).join(' · ') || undefined}
          />
          <Figure testId="figure-pending-photos" label={t('dashboard.pending_photos')} value={number(figures.queues.pending_photos)} />
          <Figure testId="figure-flagged-texts" label={t('dashboard.flagged_texts')} value={number(figures.queues.flagged_texts)} />
          <Figure testId="figure-open-reports" label={t('dashboard.open_reports')} value={number(figures.queues.open_reports)} />
        </div>
      </section>

      <section aria-labelledby="charts-heading" className="mb-4">
        <h2 className="h5" id="charts-heading">
          {t('dashboard.charts')}
        </h2>
        <div className="row row-cols-1 row-cols-lg-2 g-3">
          {charts.map((chart) => (
            <div className="col" key={chart.key}>
              <div className="border rounded p-2 h-100">
                <BarChart
                  title={chart.title}
                  unit={chart.unit}
                  formatBucket={(bucket) => axisLabel(bucket, figures.range, language)}
                  buckets={figures.buckets}
                  series={chart.series}
                  formatValue={chart.money ? moneyFormatters.get(chart.money) : undefined}
                />
              </div>
            </div>
          ))}
        </div>
      </section>

      {ratios && (
        // The threshold is shared by every site, so staff limited to some read it only (ADR 0060).
        <ChargebackRatioSection
          ratios={ratios}
          canWrite={!!staff && hasPermission(staff.role, 'money.write') && (staff.role === 'owner' || staff.site_ids.length === 0)}
        />
      )}

      <details>
        <summary>{t('dashboard.as_table')}</summary>
        <TableRegion label={t('dashboard.as_table')}>
          <table className="admin-table w-100 small" data-testid="dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.bucket')}</th>
                <th scope="col">{t('dashboard.signups')}</th>
                <th scope="col">{t('dashboard.activations')}</th>
                <th scope="col">{t('dashboard.messages')}</th>
                <th scope="col">{t('dashboard.first_purchases')}</th>
                {figures.revenue.map((row) => (
                  <th scope="col" key={row.currency}>
                    {t('dashboard.revenue_in', { currency: row.currency })}
                  </th>
                ))}
                <th scope="col">{t('dashboard.refunds')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.buckets.map((bucket, index) => (
                <tr key={bucket} className="border-top">
                  <td data-label={t('dashboard.bucket')}>{bucketLabel(bucket, figures.range)}</td>
                  <td data-label={t('dashboard.signups')}>{figures.series.signups[index]}</td>
                  <td data-label={t('dashboard.activations')}>{figures.series.activations[index]}</td>
                  <td data-label={t('dashboard.messages')}>{figures.series.messages[index]}</td>
                  <td data-label={t('dashboard.first_purchases')}>{figures.series.first_purchases[index]}</td>
                  {figures.revenue.map((row) => (
                    <td key={row.currency} data-label={t('dashboard.revenue_in', { currency: row.currency })}>
                      {formatMoney({ currency: row.currency, amount: row.amounts[index] }, language)}
                    </td>
                  ))}
                  <td data-label={t('dashboard.refunds')}>{figures.series.refunds[index]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </>
  );
}
