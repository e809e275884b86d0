import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { distanceUnitOf } from '../../../contract/distance-units';
import { useHydrated } from '../../lib/use-hydrated';
import { useCountryName } from '../../lib/use-country-name';
import { useRegions } from '../../lib/use-regions';
import { useRootData } from '../../root';
import type { SearchFilters as Filters } from '../../state/search';
import { RadiusSlider } from './RadiusSlider';

const AGES = Array.from({ length: 82 }, (_, index) => String(18 + index));

/**
 * The search form (spec §3 search state): gender, country, region and an age range. On a phone
 * it folds into one line saying what is filtered, so the first screen shows people, not fields.
 */
export function SearchFilters({ initial, onSearch }: { initial: Filters; onSearch: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  const countryName = useCountryName();
  const [filters, setFilters] = useState(initial);
  const [open, setOpen] = useState(false);
  const update = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));

  useEffect(() => setFilters(initial), [initial]);
  const regions = useRegions(filters.country);
  // The form searches through scripts only: the server draws each list with its chosen option,
  // the browser adds the others (164 age options were a sixth of the search page, issue 20).
  const hydrated = useHydrated();
  const offered = (options: { value: string; label: string }[], chosen: string) => (hydrated ? options : options.filter((option) => option.value === chosen));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    onSearch(filters);
  };
  const gender = initial.gender === 'female' ? t('search.women') : initial.gender === 'male' ? t('search.men') : '';
  const ages = initial.min_age || initial.max_age ? `${initial.min_age || '18'}–${initial.max_age || '99'}` : '';
  const unit = distanceUnitOf(user?.profile.country);
  const radius = initial.radius ? t(unit === 'mi' ? 'search.within_mi' : 'search.within_km', { distance: initial.radius }) : '';
  const summary = [gender, initial.country ? countryName(initial.country) : '', ages, radius].filter(Boolean).join(' · ') || t('search.any');
  const select = (id: keyof Filters, label: string, options: { value: string; label: string }[], onChange?: (value: string) => void) => (
    <div className="search-filters__field">
      <label htmlFor={`filter-${id}`}>{label}</label>
      <select id={`filter-${id}`} value={filters[id]} onChange={(e) => (onChange ?? ((value) => update({ [id]: value })))(e.target.value)}>
        <option value="">{t('search.any')}</option>
        {offered(options, filters[id]).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary w-100 d-flex justify-content-between align-items-center mb-3 d-md-none"
        aria-expanded={open}
        aria-controls="search-filters"
        onClick={() => setOpen(!open)}
        data-testid="search-filters-toggle"
      >
        <span className="fw-semibold">{t('search.filters')}</span>
        <span className="text-truncate ms-2 small">{summary}</span>
      </button>
      <form id="search-filters" className={`card card-body mb-4 ${open ? '' : 'd-none d-md-block'}`} onSubmit={submit} aria-label={t('search.filters')}>
        {/* Fields styled by the stylesheet (`.search-filters__field`), not by utility classes on each: issue 20. */}
        <div className="row g-2 align-items-end">
          {select('gender', t('search.gender'), [
            { value: 'female', label: t('search.women') },
            { value: 'male', label: t('search.men') },
          ])}
          {select(
            'country',
            t('signup.country_label'),
            settings.countries.map((code) => ({ value: code, label: countryName(code) })),
            (value) => update({ country: value, countryregion: '' }),
          )}
          {select(
            'countryregion',
            regions?.region_word_label ?? t('regions.word.region'),
            regions?.regions.map((region) => ({ value: region.id, label: region.name })) ?? [],
          )}
          {select(
            'min_age',
            t('search.min_age'),
            AGES.map((age) => ({ value: age, label: age })),
          )}
          {select(
            'max_age',
            t('search.max_age'),
            AGES.map((age) => ({ value: age, label: age })),
          )}
          {/* Only a member has a place to measure from (ADR 0067). */}
          {user && <RadiusSlider value={filters.radius} unit={unit} onChange={(radius) => update({ radius })} />}
          <div className="col-12 col-md-auto">
            <button type="submit" className="btn btn-primary btn-sm w-100">
              {t('search.submit')}
            </button>
          </div>
        </div>
      </form>
    </>
  );
}
