import { useTranslation } from '../../lib/use-translation';
import { data, Form, useLoaderData } from 'react-router';
import { Link } from '../../components/ui/links';
import { periodProblem, TRAFFIC_DEFAULT_DAYS, TRAFFIC_MAX_DAYS, type TrafficReport } from '../../../contract/admin/traffic';
import { TableRegion } from '../../components/admin/TableRegion';
import type { Route } from './+types/traffic';
import { useConsoleLanguage } from '../../components/admin/use-console-language';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function loader({ url, context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { report: null, problem: null, error: null, asked: { from: '', to: '' }, today: '' };
  // Worked out once, here, so the server's render and the browser's agree on the quick periods.
  const today = isoDay(Date.now());
  const incoming = url.searchParams;
  const asked = { from: incoming.get('from') ?? '', to: incoming.get('to') ?? '' };
  const query = new URLSearchParams();
  const siteId = incoming.get('site_id');
  if (siteId) query.set('site_id', siteId);
  // A period the API would refuse is named on the page; the figures then stay empty.
  const problem = asked.from || asked.to ? periodProblem(asked.from, asked.to) : null;
  if (!problem && asked.from) {
    query.set('from', asked.from);
    query.set('to', asked.to);
  }
  const answer = await context.adminGet<TrafficReport | { message: string }>(`/api/admin/traffic?${query}`);
  if (answer.status === 401 || answer.status === 403) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status === 404 && siteId) throw data('This page could not be found', { status: 404 });
  if (answer.status !== 200) return { report: null, problem, error: (answer.body as { message: string }).message, asked, today };
  return { report: answer.body as TrafficReport, problem, error: null, asked, today };
}

export function meta() {
  return [{ title: 'Traffic | Console' }];
}

/** Time on page as people say it: seconds below a minute, else minutes and seconds. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * `/admin/traffic` — where one site's members come from over a period of whole UTC days
 * (default the last 7, at most 92): sign-ups per tracking network and ref, and per landing
 * page opened with `?lb` its visits, bounces, bounce rate and median time on page. Read only.
 */
export default function TrafficPage() {
  const { t } = useTranslation();
  const language = useConsoleLanguage();
  const { report, problem, error, asked, today: todayIso } = useLoaderData<typeof loader>();
  if (!report) return <p className="alert alert-danger">{error}</p>;
  const number = (value: number) => value.toLocaleString(language);
  const today = Date.parse(`${todayIso}T00:00:00Z`);
  const presets = [TRAFFIC_DEFAULT_DAYS, 30, TRAFFIC_MAX_DAYS].map((days) => ({ days, from: isoDay(today - (days - 1) * DAY), to: isoDay(today) }));

  return (
    <>
      <h1 className="h3">{t('traffic.title')}</h1>
      <p className="text-body-secondary">{t('traffic.intro', { site: report.site.name, from: report.from, to: report.to })}</p>

      <Form method="get" className="row g-2 align-items-end mb-2" aria-describedby={problem ? 'traffic-period-problem' : undefined}>
        <div className="col-12 col-md-4">
          <label className="form-label small mb-1" htmlFor="traffic-site">
            {t('traffic.site')}
          </label>
          <select id="traffic-site" name="site_id" className="form-select form-select-sm" defaultValue={report.site.id} key={report.site.id}>
            {report.sites.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="traffic-from">
            {t('traffic.from')}
          </label>
          <input
            id="traffic-from"
            name="from"
            type="date"
            className={`form-control form-control-sm ${problem ? 'is-invalid' : ''}`}
            defaultValue={problem ? asked.from : report.from}
            aria-invalid={!!problem}
          />
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small mb-1" htmlFor="traffic-to">
            {t('traffic.to')}
          </label>
          <input
            id="traffic-to"
            name="to"
            type="date"
            className={`form-control form-control-sm ${problem ? 'is-invalid' : ''}`}
            defaultValue={problem ? asked.to : report.to}
            aria-invalid={!!problem}
          />
        </div>
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-sm btn-outline-secondary w-100">
            {t('traffic.show')}
          </button>
        </div>
      </Form>
      {problem && (
        <div className="alert alert-danger py-2" id="traffic-period-problem" role="alert">
          {t(`traffic.period_${problem}`, { max: TRAFFIC_MAX_DAYS })}
        </div>
      )}
      <nav aria-label={t('traffic.presets')} className="d-flex flex-wrap gap-2 mb-4 small">
        {presets.map((preset) => (
          <Link key={preset.days} to={`?site_id=${report.site.id}&from=${preset.from}&to=${preset.to}`}>
            {t('traffic.last_days', { count: preset.days })}
          </Link>
        ))}
      </nav>

      {!problem && (
        <div className="row g-4">
          <section className="col-12 col-xl-5" aria-labelledby="traffic-signups">
            <h2 className="h5" id="traffic-signups">
              {t('traffic.signups_title', { count: report.signups_total })}
            </h2>
            {report.signups.length === 0 ? (
              <p className="text-body-secondary" data-testid="traffic-no-signups">
                {t('traffic.no_signups')}
              </p>
            ) : (
              <TableRegion label={t('traffic.signups_table')}>
                <table className="admin-table w-100 small" data-testid="traffic-signups">
                  <thead>
                    <tr>
                      <th scope="col">{t('traffic.network')}</th>
                      <th scope="col">{t('traffic.ref')}</th>
                      <th scope="col" className="text-end">
                        {t('traffic.signups')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.signups.map((row) => (
                      <tr key={`${row.network}|${row.ref}`} className="border-top">
                        <td data-label={t('traffic.network')}>{row.network ?? <em className="text-body-secondary">{t('traffic.none')}</em>}</td>
                        <td data-label={t('traffic.ref')}>{row.ref ?? <em className="text-body-secondary">{t('traffic.none')}</em>}</td>
                        <td data-label={t('traffic.signups')} className="text-end">
                          {number(row.count)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
          </section>
          <section className="col-12 col-xl-7" aria-labelledby="traffic-landings">
            <h2 className="h5" id="traffic-landings">
              {t('traffic.landings_title')}
            </h2>
            {report.landing_pages.length === 0 ? (
              <p className="text-body-secondary" data-testid="traffic-no-landings">
                {t('traffic.no_landings')}
              </p>
            ) : (
              <TableRegion label={t('traffic.landings_table')}>
                <table className="admin-table w-100 small" data-testid="traffic-landings">
                  <thead>
                    <tr>
                      <th scope="col">{t('traffic.page')}</th>
                      <th scope="col" className="text-end">
                        {t('traffic.visits')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('traffic.bounces')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('traffic.bounce_rate')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('traffic.median_time')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.landing_pages.map((row) => (
                      <tr key={row.path} className="border-top">
                        <td data-label={t('traffic.page')} className="text-break">
                          <code>{row.path}</code>
                        </td>
                        <td data-label={t('traffic.visits')} className="text-end">
                          {number(row.visits)}
                        </td>
                        <td data-label={t('traffic.bounces')} className="text-end">
                          {number(row.bounces)}
                        </td>
                        <td data-label={t('traffic.bounce_rate')} className="text-end">
                          {(row.bounce_rate * 100).toFixed(1)} %
                        </td>
                        <td data-label={t('traffic.median_time')} className="text-end">
                          {duration(row.median_ms)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            <p className="small text-body-secondary mt-2">{t('traffic.landings_hint')}</p>
          </section>
        </div>
      )}
    </>
  );
}
