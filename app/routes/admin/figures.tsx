import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData } from 'react-router';
import { BusinessFiguresQuery, type BusinessFigures } from '../../../contract/admin/business-figures';
import { BarChart } from '../../components/admin/BarChart';
import { CohortTable } from '../../components/admin/figures/CohortTable';
import { FiguresFilters } from '../../components/admin/figures/FiguresFilters';
import { RevenueTable } from '../../components/admin/figures/RevenueTable';
import { retentionCurve } from '../../components/admin/figures/retention';
import type { Route } from './+types/figures';

const QUERY_FIELDS = Object.keys(BusinessFiguresQuery.shape);

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { figures: null, error: null, query: '' };
  const incoming = url.searchParams;
  const query = new URLSearchParams();
  // An empty field of the form means "any", not an empty traffic source.
  for (const name of QUERY_FIELDS) {
    const value = incoming.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const answer = await context.adminGet<BusinessFigures | { message: string }>(`/api/admin/figures?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status === 404) throw data('This page could not be found', { status: 404 });
  if (answer.status !== 200) return { figures: null, error: (answer.body as { message: string }).message, query: query.toString() };
  return { figures: answer.body as BusinessFigures, error: null, query: query.toString() };
}

export function meta() {
  return [{ title: 'Business figures | Console' }];
}

const COLORS = { active: '#0d6efd', paying: '#198754', buyers: '#fd7e14' };

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

const hours = (value: number | null) => (value === null ? '–' : value < 48 ? `${value.toFixed(1)} h` : `${(value / 24).toFixed(1)} d`);

/** `/admin/figures` — the owners' figures: net revenue, ARPU/ARPPU, conversion, time to first purchase and retention cohorts. */
export default function BusinessFiguresPage() {
  const { t } = useTranslation();
  const { figures, error, query } = useLoaderData<typeof loader>();
  const curve = useMemo(() => (figures ? retentionCurve(figures.cohorts) : null), [figures]);
  if (!figures || !curve) {
    return (
      <>
        <h1 className="h3">{t('figures.title')}</h1>
        <p className="alert alert-danger">{error}</p>
      </>
    );
  }
  const { conversion, time_to_first_purchase: firstPurchase } = figures;
  const percent = (value: number) => `${value.toFixed(1)} %`;

  return (
    <>
      <h1 className="h3">{t('figures.title')}</h1>
      <p className="text-body-secondary">{t('figures.intro', { from: figures.from, to: figures.to })}</p>
      <FiguresFilters figures={figures} />
      <p>
        <a className="btn btn-sm btn-outline-secondary" href={`/api/admin/figures.csv${query ? `?${query}` : ''}`} download data-testid="figures-csv">
          {t('figures.download_csv')}
        </a>
      </p>

      <section aria-labelledby="figures-kpis" className="mb-4">
        <h2 className="h5" id="figures-kpis">
          {t('figures.kpis')}
        </h2>
        <div className="row row-cols-2 row-cols-md-4 g-2 mb-3">
          <Figure testId="figure-active" label={t('figures.active_members')} value={figures.members.active.toLocaleString('en')} />
          <Figure testId="figure-paying" label={t('figures.paying_members')} value={figures.members.paying.toLocaleString('en')} />
          <Figure
            testId="figure-conversion"
            label={t('figures.conversion')}
            value={conversion.rate === null ? '–' : percent(conversion.rate * 100)}
            detail={t('figures.conversion_detail', { buyers: conversion.buyers, signups: conversion.signups })}
          />
          <Figure
            testId="figure-first-purchase"
            label={t('figures.time_to_first_purchase')}
            value={hours(firstPurchase.median_hours)}
            detail={t('figures.p90', { value: hours(firstPurchase.p90_hours) })}
          />
        </div>
        <RevenueTable revenue={figures.revenue} />
      </section>

      <section aria-labelledby="figures-retention" className="mb-4">
        <h2 className="h5" id="figures-retention">
          {t('figures.retention')}
        </h2>
        <p className="small text-body-secondary">{t('figures.retention_intro')}</p>
        <div className="row row-cols-1 row-cols-lg-2 g-3 mb-3">
          <div className="col">
            <div className="border rounded p-2 h-100" data-testid="retention-chart">
              <BarChart
                title={t('figures.retention_chart')}
                unit="%"
                buckets={curve.active.map((_, since) => String(since))}
                formatBucket={(since) => t('figures.week_since', { count: Number(since) })}
                formatValue={percent}
                series={[
                  { label: t('figures.cohort_active'), values: curve.active, color: COLORS.active },
                  { label: t('figures.cohort_paying'), values: curve.paying, color: COLORS.paying },
                ]}
              />
            </div>
          </div>
          <div className="col">
            <div className="border rounded p-2 h-100" data-testid="first-purchase-chart">
              <BarChart
                title={t('figures.first_purchase_chart')}
                unit={t('figures.unit_buyers')}
                buckets={firstPurchase.delays.map((row) => row.delay)}
                formatBucket={(delay) => t(`figures.delay_${delay}`)}
                series={[{ label: t('figures.buyers'), values: firstPurchase.delays.map((row) => row.buyers), color: COLORS.buyers }]}
              />
            </div>
          </div>
        </div>
        <h3 className="h6">{t('figures.cohort_table')}</h3>
        <CohortTable cohorts={figures.cohorts} />
      </section>
    </>
  );
}
