import { useTranslation } from '../../lib/use-translation';
import { RADIUS_STOPS, type DistanceUnit } from '../../../contract/distance-units';

/** The slider's last stop, past the widest radius: any distance. */
const ANY = RADIUS_STOPS.length;

/**
 * The radius filter (issue 35): a slider over a few round distances in the member's own unit,
 * ending at "any distance". The search sends the chosen stop as `radius`.
 */
export function RadiusSlider({ value, unit, onChange }: { value: string; unit: DistanceUnit; onChange: (radius: string) => void }) {
  const { t } = useTranslation();
  const chosen = value ? RADIUS_STOPS.findIndex((stop) => stop >= Number(value)) : ANY;
  const position = chosen === -1 ? ANY : chosen;
  const label = position === ANY ? t('search.any_distance') : t(unit === 'mi' ? 'search.within_mi' : 'search.within_km', { distance: RADIUS_STOPS[position] });
  return (
    <div className="search-filters__field search-filters__radius">
      <label htmlFor="filter-radius">{t('search.distance')}</label>
      <input
        id="filter-radius"
        type="range"
        className="form-range"
        min={0}
        max={ANY}
        step={1}
        value={position}
        aria-valuetext={label}
        onChange={(event) => {
          const next = Number(event.target.value);
          onChange(next === ANY ? '' : String(RADIUS_STOPS[next]));
        }}
      />
      <output htmlFor="filter-radius" className="small d-block" data-testid="radius-value">
        {label}
      </output>
    </div>
  );
}
