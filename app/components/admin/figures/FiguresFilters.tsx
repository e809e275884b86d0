import { useTranslation } from '../../../lib/use-translation';
import { Form } from 'react-router';
import { FIGURES_PERIODS, type BusinessFigures } from '../../../../contract/admin/business-figures';
import { COUNTRY_CODES } from '../../../../contract/countries';

export const SOURCE_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Which members the figures count: the period, a site, a traffic source (network, ref, sub1–3) and a country. */
export function FiguresFilters({ figures }: { figures: BusinessFigures }) {
  const { t } = useTranslation();
  const { filters } = figures;
  // Keyed by the answer, so the fields show what was applied after each navigation.
  const key = JSON.stringify([figures.period, filters]);
  return (
    <Form method="get" className="row row-cols-2 row-cols-md-4 row-cols-xl-5 g-2 align-items-end mb-3" key={key} data-testid="figures-filters">
      <div className="col">
        <label className="form-label small mb-1" htmlFor="figures-period">
          {t('figures.period')}
        </label>
        <select id="figures-period" name="period" className="form-select form-select-sm" defaultValue={figures.period}>
          {FIGURES_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`figures.period_${period}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col">
        <label className="form-label small mb-1" htmlFor="figures-site">
          {t('figures.site')}
        </label>
        <select id="figures-site" name="site_id" className="form-select form-select-sm" defaultValue={filters.site_id ?? ''}>
          <option value="">{t('figures.all_sites')}</option>
          {figures.sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </select>
      </div>
      <div className="col">
        <label className="form-label small mb-1" htmlFor="figures-country">
          {t('figures.country')}
        </label>
        <select id="figures-country" name="country" className="form-select form-select-sm" defaultValue={filters.country ?? ''}>
          <option value="">{t('figures.all_countries')}</option>
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      {SOURCE_FIELDS.map((field) => (
        <div className="col" key={field}>
          <label className="form-label small mb-1" htmlFor={`figures-${field}`}>
            {t(`figures.source_${field}`)}
          </label>
          <input id={`figures-${field}`} name={field} className="form-control form-control-sm" defaultValue={filters[field] ?? ''} maxLength={128} />
        </div>
      ))}
      <div className="col">
        <button type="submit" className="btn btn-sm btn-primary w-100">
          {t('figures.show')}
        </button>
      </div>
    </Form>
  );
}
