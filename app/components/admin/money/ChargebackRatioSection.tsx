import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { ChargebackRatios } from '../../../../contract/admin/chargebacks';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { TableRegion } from '../TableRegion';

const percent = (ratio: number | null) => (ratio === null ? '–' : `${(ratio * 100).toFixed(2)} %`);

/** The warning threshold, for money.write: card schemes act at about 1 %. */
function ThresholdForm({ current }: { current: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [value, setValue] = useState(String(current));
  const save = useApiAction((warning: number) => api('/api/admin/chargebacks/settings', { method: 'PUT', body: { warning_percent: warning }, retries: 0 }));
  return (
    <form
      className="d-flex flex-wrap gap-2 align-items-end mb-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if ((await save.run(Number(value))) !== undefined) await revalidator.revalidate();
      }}
    >
      <div>
        <label className="form-label small mb-1" htmlFor="chargeback-threshold">
          {t('dashboard.chargebacks.threshold_label')}
        </label>
        <input
          id="chargeback-threshold"
          type="number"
          min="0.01"
          max="100"
          step="0.01"
          className="form-control form-control-sm"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={save.pending}>
        {t('dashboard.chargebacks.save_threshold')}
      </button>
      {save.error && (
        <div className="text-danger small w-100" role="alert">
          {save.error.fieldMessage('body.warning_percent') ?? save.error.message}
        </div>
      )}
    </form>
  );
}

/**
 * The chargeback ratio per site, payment method and month on the dashboard (issue 33), with a
 * warning when a row is above the operators' threshold.
 */
export function ChargebackRatioSection({ ratios, canWrite }: { ratios: ChargebackRatios; canWrite: boolean }) {
  const { t } = useTranslation();
  const above = ratios.rows.filter((row) => row.above_threshold);
  return (
    <section aria-labelledby="chargebacks-heading" className="mb-4" data-testid="chargeback-ratios">
      <h2 className="h5" id="chargebacks-heading">
        {t('dashboard.chargebacks.title')}
      </h2>
      <p className="text-body-secondary small">{t('dashboard.chargebacks.intro', { threshold: ratios.warning_percent, from: ratios.from_month })}</p>
      {above.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="chargeback-warning">
          {t('dashboard.chargebacks.warning', { count: above.length, threshold: ratios.warning_percent })}
        </div>
      )}
      {canWrite && <ThresholdForm current={ratios.warning_percent} />}
      {ratios.rows.length === 0 ? (
        <p className="text-body-secondary">{t('dashboard.chargebacks.none')}</p>
      ) : (
        <TableRegion label={t('dashboard.chargebacks.title')}>
          <table className="admin-table w-100 small" data-testid="chargeback-ratio-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.chargebacks.month')}</th>
                <th scope="col">{t('dashboard.chargebacks.site')}</th>
                <th scope="col">{t('dashboard.chargebacks.method')}</th>
                <th scope="col">{t('dashboard.chargebacks.paid')}</th>
                <th scope="col">{t('dashboard.chargebacks.count')}</th>
                <th scope="col">{t('dashboard.chargebacks.ratio')}</th>
              </tr>
            </thead>
            <tbody>
              {ratios.rows.map((row) => (
                <tr
                  key={`${row.month}-${row.site_id}-${row.payment_method}`}
                  className="border-top"
                  data-testid={`chargeback-ratio-${row.month}-${row.site_id}-${row.payment_method}`}
                >
                  <td data-label={t('dashboard.chargebacks.month')}>{row.month}</td>
                  <td data-label={t('dashboard.chargebacks.site')}>{row.site_name}</td>
                  <td data-label={t('dashboard.chargebacks.method')}>{row.payment_method}</td>
                  <td data-label={t('dashboard.chargebacks.paid')}>{row.paid}</td>
                  <td data-label={t('dashboard.chargebacks.count')}>{row.chargebacks}</td>
                  <td data-label={t('dashboard.chargebacks.ratio')} data-testid="chargeback-ratio">
                    {percent(row.ratio)}
                    {row.above_threshold && <span className="badge text-bg-danger ms-2">{t('dashboard.chargebacks.above')}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
