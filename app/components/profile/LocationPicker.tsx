import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { GeocodeResult } from '../../../contract/site';
import { useRegions } from '../../lib/use-regions';
import { api } from '../../lib/api-client';
import { useRootData } from '../../root';
import { useCountryName } from '../../lib/use-country-name';

export interface Location {
  country: string;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Spec §9: a position up to an hour old is good enough. */
const GEOLOCATION_MAX_AGE_MS = 3_600_000;
type Permission = 'unsupported' | 'prompt' | 'granted' | 'denied' | 'unknown';

/** Country and region pickers, and a button that fills them from the device's position. */
export function LocationPicker({ value, onChange }: { value: Location; onChange: (location: Location) => void }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [permission, setPermission] = useState<Permission>('unknown');
  const [status, setStatus] = useState<'idle' | 'locating' | 'failed'>('idle');
  const countryName = useCountryName();

  useEffect(() => {
    if (!('geolocation' in navigator)) return setPermission('unsupported');
    navigator.permissions?.query({ name: 'geolocation' }).then(
      (state) => {
        setPermission(state.state);
        state.onchange = () => setPermission(state.state);
      },
      () => setPermission('unknown'),
    );
  }, []);

  const regions = useRegions(value.country);

  const locate = () => {
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const place = await api<GeocodeResult>(`geocode.php?lat=${position.coords.latitude.toFixed(4)}&lon=${position.coords.longitude.toFixed(4)}`);
          if (!settings.countries.includes(place.country)) throw new Error('country not served');
          onChange({ country: place.country, region: place.region, city: place.city, latitude: place.latitude, longitude: place.longitude });
          setStatus('idle');
        } catch {
          setStatus('failed');
        }
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setPermission('denied');
        setStatus('failed');
      },
      { maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: 15_000 },
    );
  };

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('profile.location')}</legend>
      <div className="row g-2">
        <div className="col-sm-6">
          <label className="form-label small" htmlFor="profile-country">
            {t('signup.country_label')}
          </label>
          <select
            id="profile-country"
            className="form-select"
            value={value.country}
            onChange={(e) => onChange({ country: e.target.value, region: null, city: null, latitude: null, longitude: null })}
          >
            {settings.countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6">
          <label className="form-label small" htmlFor="profile-region">
            {regions?.region_word_label ?? t('regions.word.region')}
          </label>
          <select
            id="profile-region"
            className="form-select"
            value={value.region ?? ''}
            onChange={(e) => onChange({ ...value, region: e.target.value || null, city: null })}
          >
            <option value="">–</option>
            {regions?.regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {value.city && <p className="small mt-2 mb-0">{t('profile.city_is', { city: value.city })}</p>}
      <div className="mt-2">
        {permission === 'unsupported' ? (
          <span className="small text-body-secondary">{t('profile.geolocation_unsupported')}</span>
        ) : permission === 'denied' ? (
          <span className="small text-body-secondary">{t('profile.geolocation_denied')}</span>
        ) : (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={locate} disabled={status === 'locating'}>
            {status === 'locating' ? t('profile.locating') : t('profile.use_my_location')}
          </button>
        )}
        {status === 'failed' && permission !== 'denied' && (
          <span className="small text-danger ms-2" role="alert">
            {t('profile.geolocation_failed')}
          </span>
        )}
      </div>
    </fieldset>
  );
}
