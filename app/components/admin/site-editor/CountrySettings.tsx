import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { COUNTRIES, REGION_WORDS, type CountryCode } from '../../../../contract/countries';
import { CURRENCIES } from '../../../../contract/admin/sites';
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, paymentMethodsFor } from '../../../../contract/payment-methods';
import { problemOf, useSiteDraft } from './SiteFields';

/** The countries the site serves, each with the word for its regions (the country's usual one unless changed). */
export function RegionWordsSetting() {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const problem = problemOf(error, 'region_words');
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('sites.fields.region_words')}</legend>
      <p className="form-text mt-0">{t('sites.hints.region_words')}</p>
      <div className="row g-2">
        {draft.countries.map((country) => {
          const usual = COUNTRIES[country as CountryCode]?.regionWord;
          const value = draft.region_words[country as CountryCode] ?? '';
          return (
            <div className="col-6 col-md-4 col-lg-3" key={country}>
              <label className="form-label small mb-1" htmlFor={`region-word-${country}`}>
                {country}
              </label>
              <select
                id={`region-word-${country}`}
                className="form-select form-select-sm"
                value={value}
                onChange={(event) => {
                  const next = { ...draft.region_words };
                  if (event.target.value) next[country as CountryCode] = event.target.value as (typeof REGION_WORDS)[number];
                  else delete next[country as CountryCode];
                  set('region_words', next);
                }}
              >
                <option value="">{t('sites.usual_word', { word: usual ?? '—' })}</option>
                {REGION_WORDS.map((word) => (
                  <option key={word} value={word}>
                    {word}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {problem && <div className="invalid-feedback d-block">{problem}</div>}
    </fieldset>
  );
}

/** Per served country: the least a message costs there, and in which currency; empty uses the site's message credits. */
export function MinimumCostsSetting() {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const problem = problemOf(error, 'minimum_message_costs');
  const change = (country: string, costs: string, currency: string) => {
    const next = { ...draft.minimum_message_costs };
    if (costs === '') delete next[country as CountryCode];
    else next[country as CountryCode] = { costs: Number(costs), currency: currency as (typeof CURRENCIES)[number] };
    set('minimum_message_costs', next);
  };
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('sites.fields.minimum_message_costs')}</legend>
      <p className="form-text mt-0">{t('sites.hints.minimum_message_costs')}</p>
      {draft.countries.map((country) => {
        const entry = draft.minimum_message_costs[country as CountryCode];
        return (
          <div className="row g-2 align-items-end mb-2" key={country}>
            <div className="col-3 col-md-2 fw-bold">{country}</div>
            <div className="col-5 col-md-3">
              <label className="form-label small mb-1" htmlFor={`min-cost-${country}`}>
                {t('sites.credits_label')}
              </label>
              <input
                id={`min-cost-${country}`}
                type="number"
                min={0}
                className="form-control form-control-sm"
                value={entry ? String(entry.costs) : ''}
                onChange={(event) => change(country, event.target.value, entry?.currency ?? 'EUR')}
              />
            </div>
            <div className="col-4 col-md-3">
              <label className="form-label small mb-1" htmlFor={`min-cost-currency-${country}`}>
                {t('sites.currency')}
              </label>
              <select
                id={`min-cost-currency-${country}`}
                className="form-select form-select-sm"
                value={entry?.currency ?? 'EUR'}
                disabled={!entry}
                onChange={(event) => change(country, String(entry?.costs ?? 0), event.target.value)}
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency}>{currency}</option>
                ))}
              </select>
            </div>
          </div>
        );
      })}
      {problem && <div className="invalid-feedback d-block">{problem}</div>}
    </fieldset>
  );
}

/** Per served country, which payment methods are offered; "as the site" uses the site-wide choice. */
export function PaymentMethodsByCountrySetting() {
  const { t } = useTranslation();
  const { draft, set } = useSiteDraft();
  const id = useId();
  return (
    <>
      {draft.countries.map((country) => {
        const own = draft.payment_methods_by_country[country as CountryCode];
        const possible = paymentMethodsFor(country);
        const toggle = (method: (typeof PAYMENT_METHODS)[number], on: boolean) => {
          const current = own ?? [];
          const next = { ...draft.payment_methods_by_country };
          const methods = on ? [...current, method] : current.filter((value) => value !== method);
          if (methods.length) next[country as CountryCode] = methods;
          else delete next[country as CountryCode];
          set('payment_methods_by_country', next);
        };
        return (
          <fieldset className="mb-3" key={country}>
            <legend className="form-label fs-6">
              {country} <span className="small text-body-secondary">{own?.length ? t('sites.own_methods', { count: own.length }) : t('sites.as_site')}</span>
            </legend>
            <div className="d-flex flex-wrap gap-3">
              {possible.map((method) => (
                <div className="form-check" key={method}>
                  <input
                    id={`${id}-${country}-${method}`}
                    className="form-check-input"
                    type="checkbox"
                    checked={own?.includes(method) ?? false}
                    onChange={(event) => toggle(method, event.target.checked)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${country}-${method}`}>
                    {PAYMENT_METHOD_NAMES[method]}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
