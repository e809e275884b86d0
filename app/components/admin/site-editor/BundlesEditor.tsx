import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { COUNTRY_CODES } from '../../../../contract/countries';
import { CURRENCIES, type AdminBundle } from '../../../../contract/admin/sites';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { FormAlert } from '../../ui/FormAlert';
import { problemOf } from './SiteFields';

interface PriceRow {
  country: string;
  currency: string;
  /** As typed, in major units ("19.95"). */
  amount: string;
}

const toRows = (prices: AdminBundle['prices']): PriceRow[] =>
  Object.entries(prices)
    .sort(([a], [b]) => (a === '*' ? -1 : b === '*' ? 1 : a.localeCompare(b)))
    .map(([country, price]) => ({ country, currency: price!.currency, amount: (price!.amount / 100).toFixed(2) }));

/**
 * Minor units from what was typed; anything but a price with at most two decimals goes as NaN
 * for the server to name. A minus sign (also the typographic −) is kept, so the server can say
 * that a price cannot be negative instead of "Enter a number" (issue 32).
 */
const minorUnits = (amount: string) => {
  const typed = amount.trim().replace('\u2212', '-');
  return /^-?\d+([.,]\d{1,2})?$/.test(typed) ? Math.round(Number(typed.replace(',', '.')) * 100) : Number.NaN;
};

const toPrices = (rows: PriceRow[]) => Object.fromEntries(rows.map((row) => [row.country, { currency: row.currency, amount: minorUnits(row.amount) }]));

/** The site's credit bundles: each edited and saved on its own (with its version), and a new one. */
export function BundlesEditor({ siteId, initial }: { siteId: number; initial: AdminBundle[] }) {
  const { t } = useTranslation();
  const [bundles, setBundles] = useState(initial);
  return (
    <>
      <p className="text-body-secondary">{t('bundles.intro')}</p>
      {bundles.map((bundle) => (
        <BundleCard
          key={bundle.id}
          siteId={siteId}
          bundle={bundle}
          onSaved={(saved) => setBundles((list) => list.map((item) => (item.id === saved.id ? saved : item)))}
        />
      ))}
      <BundleCard siteId={siteId} bundle={null} onSaved={(saved) => setBundles((list) => [...list, saved])} />
    </>
  );
}

function BundleCard({ siteId, bundle, onSaved }: { siteId: number; bundle: AdminBundle | null; onSaved: (bundle: AdminBundle) => void }) {
  const { t } = useTranslation();
  const [credits, setCredits] = useState(bundle ? String(bundle.credits) : '');
  const [active, setActive] = useState(bundle?.active ?? true);
  const [highlighted, setHighlighted] = useState(bundle?.highlighted ?? false);
  const [sortOrder, setSortOrder] = useState(String(bundle?.sort_order ?? 0));
  const [rows, setRows] = useState<PriceRow[]>(bundle ? toRows(bundle.prices) : [{ country: '*', currency: 'EUR', amount: '' }]);
  const [added, setAdded] = useState('');
  const [done, setDone] = useState(false);
  const prefix = bundle ? `bundle-${bundle.id}` : 'bundle-new';
  const save = useApiAction(() => {
    const body = { credits: Number(credits), prices: toPrices(rows), active, highlighted, sort_order: Number(sortOrder) };
    return bundle
      ? api<AdminBundle>(`/api/admin/sites/${siteId}/bundles/${bundle.id}`, { method: 'PATCH', body: { version: bundle.version, ...body }, retries: 0 })
      : api<AdminBundle>(`/api/admin/sites/${siteId}/bundles`, { method: 'POST', body, retries: 0 });
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save.run();
    if (!saved) return;
    setDone(true);
    onSaved(saved);
    if (!bundle) {
      setCredits('');
      setRows([{ country: '*', currency: 'EUR', amount: '' }]);
    }
  };
  const setRow = (index: number, change: Partial<PriceRow>) => setRows((list) => list.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const unused = COUNTRY_CODES.filter((country) => !rows.some((row) => row.country === country));
  const pricesProblem = problemOf(save.error, 'prices');

  return (
    <form
      className="card mb-3"
      onSubmit={submit}
      noValidate
      data-testid={prefix}
      aria-label={bundle ? t('bundles.bundle_of', { credits: bundle.credits }) : t('bundles.new')}
    >
      <div className="card-body">
        <h2 className="h6">{bundle ? t('bundles.bundle_of', { credits: bundle.credits }) : t('bundles.new')}</h2>
        <FormAlert error={save.error} fields={['credits', 'prices', 'sort_order']} />
        <div className="row g-2">
          <div className="col-6 col-md-3">
            <label className="form-label small mb-1" htmlFor={`${prefix}-credits`}>
              {t('bundles.credits')}
            </label>
            <input
              id={`${prefix}-credits`}
              type="number"
              min={1}
              className={`form-control form-control-sm ${save.fieldError('credits') ? 'is-invalid' : ''}`}
              value={credits}
              onChange={(event) => setCredits(event.target.value)}
            />
            {save.fieldError('credits') && <div className="invalid-feedback">{save.fieldError('credits')}</div>}
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label small mb-1" htmlFor={`${prefix}-sort`}>
              {t('bundles.sort_order')}
            </label>
            <input
              id={`${prefix}-sort`}
              type="number"
              min={0}
              className="form-control form-control-sm"
              value={sortOrder}
              onChange={(event) => setSortOrder(event.target.value)}
            />
          </div>
          <div className="col-6 col-md-3 d-flex align-items-end">
            <div className="form-check">
              <input
                id={`${prefix}-active`}
                className="form-check-input"
                type="checkbox"
                checked={active}
                onChange={(event) => setActive(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${prefix}-active`}>
                {t('bundles.active')}
              </label>
            </div>
          </div>
          <div className="col-6 col-md-3 d-flex align-items-end">
            <div className="form-check">
              <input
                id={`${prefix}-highlighted`}
                className="form-check-input"
                type="checkbox"
                checked={highlighted}
                onChange={(event) => setHighlighted(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${prefix}-highlighted`}>
                {t('bundles.highlighted')}
              </label>
            </div>
          </div>
        </div>
        <fieldset className="mt-3">
          <legend className="form-label fs-6">{t('bundles.prices')}</legend>
          {rows.map((row, index) => (
            <div className="row g-2 align-items-center mb-2" key={row.country}>
              <div className="col-3 col-md-2 small fw-bold">{row.country === '*' ? t('bundles.elsewhere') : row.country}</div>
              <div className="col-4 col-md-2">
                <select
                  className="form-select form-select-sm"
                  aria-label={t('bundles.currency_for', { country: row.country })}
                  value={row.currency}
                  onChange={(event) => setRow(index, { currency: event.target.value })}
                >
                  {CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </select>
              </div>
              <div className="col-5 col-md-3">
                <input
                  className="form-control form-control-sm"
                  inputMode="decimal"
                  aria-label={t('bundles.amount_for', { country: row.country })}
                  value={row.amount}
                  onChange={(event) => setRow(index, { amount: event.target.value })}
                />
              </div>
              {row.country !== '*' && (
                <div className="col-12 col-md-auto">
                  <button type="button" className="btn btn-sm btn-link text-danger p-0" onClick={() => setRows((list) => list.filter((_, at) => at !== index))}>
                    {t('bundles.remove_price', { country: row.country })}
                  </button>
                </div>
              )}
            </div>
          ))}
          {pricesProblem && <div className="invalid-feedback d-block">{pricesProblem}</div>}
          <div className="d-flex gap-2 align-items-center flex-wrap">
            <select
              className="form-select form-select-sm w-auto"
              aria-label={t('bundles.add_country')}
              value={added}
              onChange={(event) => setAdded(event.target.value)}
            >
              <option value="">{t('bundles.add_country')}</option>
              {unused.map((country) => (
                <option key={country}>{country}</option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={!added}
              onClick={() => {
                setRows((list) => [...list, { country: added, currency: 'EUR', amount: '' }]);
                setAdded('');
              }}
            >
              {t('bundles.add_price')}
            </button>
          </div>
        </fieldset>
        <div className="d-flex align-items-center gap-3 mt-3">
          <button type="submit" className="btn btn-primary btn-sm" disabled={save.pending}>
            {bundle ? t('bundles.save') : t('bundles.create')}
          </button>
          {done && !save.error && (
            <span role="status" className="small text-success-emphasis">
              {t('bundles.saved')}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}
