import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Cohort } from '../../../../contract/admin/business-figures';
import { TableRegion } from '../TableRegion';
import { percentOf } from './retention';

type Measure = 'active' | 'paying';

/** A cell's shade: stronger for a larger share, light enough that dark text stays readable on it. */
const shade = (percent: number | null) => (percent === null ? undefined : { background: `rgba(13, 110, 253, ${((percent / 100) * 0.4).toFixed(3)})` });

/**
 * The retention table: one row per sign-up week, one column per week since, each cell the share
 * of that week's members active (or paying) then, with the count beside it for screen readers
 * and on hover.
 */
export function CohortTable({ cohorts }: { cohorts: Cohort[] }) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<Measure>('active');
  const weeks = cohorts.length;
  return (
    <>
      <div className="btn-group btn-group-sm mb-2" role="group" aria-label={t('figures.cohort_measure')}>
        {(['active', 'paying'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={`btn ${measure === option ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={measure === option}
            onClick={() => setMeasure(option)}
          >
            {t(`figures.cohort_${option}`)}
          </button>
        ))}
      </div>
      <TableRegion label={t('figures.cohort_table')}>
        <table className="admin-table small text-nowrap" data-testid="cohort-table">
          <caption className="visually-hidden">{t(`figures.cohort_caption_${measure}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('figures.signup_week')}</th>
              <th scope="col">{t('figures.cohort_size')}</th>
              {Array.from({ length: weeks }, (_, since) => (
                <th scope="col" key={since} className="text-end">
                  {t('figures.week_since', { count: since })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.week} className="border-top">
                <th scope="row">{cohort.week}</th>
                <td className="text-end">{cohort.size.toLocaleString('en')}</td>
                {cohort[measure].map((count, since) => {
                  const percent = percentOf(count, cohort.size);
                  return (
                    <td key={since} className="text-end" style={shade(percent)} title={t('figures.cell_title', { count, size: cohort.size })}>
                      {percent === null ? '–' : `${percent.toFixed(1)} %`}
                    </td>
                  );
                })}
                {Array.from({ length: weeks - cohort[measure].length }, (_, index) => (
                  <td key={`empty-${index}`} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}
