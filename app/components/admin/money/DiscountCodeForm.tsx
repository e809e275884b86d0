import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { DISCOUNT_VALIDITIES, type ConsoleDiscountCode } from '../../../../contract/admin/money';
import { PAYMENT_METHODS } from '../../../../contract/payment-methods';
import { api } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';

const EMPTY = {
  code: '',
  percentage: '',
  siteId: '',
  country: '',
  userId: '',
  currency: '',
  minimum: '',
  expires: '',
  validity: 'once-per-user',
  methods: [] as string[],
};

/** Blank means "no restriction"; numbers are sent as numbers, so the server names a wrong one. */
const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));
const optionalText = (value: string) => (value.trim() === '' ? null : value.trim().toUpperCase());

/** The form that creates a discount code with every restriction of spec §3. */
export function DiscountCodeForm() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<ConsoleDiscountCode | null>(null);
  const create = useApiAction(() =>
    api<ConsoleDiscountCode>('/api/admin/discount-codes', {
      method: 'POST',
      retries: 0,
      body: {
        code: form.code.trim(),
        value_percentage: Number(form.percentage),
        site_id: optionalNumber(form.siteId),
        country: optionalText(form.country),
        user_id: optionalNumber(form.userId),
        currency: optionalText(form.currency),
        // Typed in units (10.50), stored in minor units (1050).
        minimum_order_value: form.minimum.trim() === '' ? 0 : Math.round(Number(form.minimum) * 100),
        // A date means "valid through that day" (UTC).
        expires_at: form.expires ? `${form.expires}T23:59:59Z` : null,
        validity: form.validity,
        payment_methods: form.methods,
      },
    }),
  );
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));
  const error = (field: string) => create.fieldError(`body.${field}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const answer = await create.run();
    if (answer) {
      setCreated(answer);
      setForm(EMPTY);
      await revalidator.revalidate();
    }
  };

  const fields = [
    'code',
    'value_percentage',
    'site_id',
    'country',
    'user_id',
    'currency',
    'minimum_order_value',
    'expires_at',
    'validity',
    'payment_methods',
  ].map((name) => `body.${name}`);
  return (
    <section className="card" aria-labelledby="create-code-heading" style={{ maxWidth: 720 }}>
      <div className="card-body">
        <h2 className="h5" id="create-code-heading">
          {t('money.codes.create_title')}
        </h2>
        <form onSubmit={submit} noValidate>
          <FormAlert error={create.error} fields={fields} />
          <div className="row g-2">
            <TextField
              className="col-12 col-md-6"
              label={t('money.codes.code')}
              required
              value={form.code}
              onChange={set('code')}
              error={error('code')}
              hint={t('money.codes.code_hint')}
              autoComplete="off"
            />
            <TextField
              className="col-12 col-md-6"
              label={t('money.codes.percentage')}
              required
              type="number"
              min={1}
              max={100}
              value={form.percentage}
              onChange={set('percentage')}
              error={error('value_percentage')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.site_id')}
              type="number"
              min={1}
              value={form.siteId}
              onChange={set('siteId')}
              error={error('site_id')}
              hint={t('money.codes.any_site')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.country')}
              maxLength={2}
              value={form.country}
              onChange={set('country')}
              error={error('country')}
              hint={t('money.codes.any_country')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.member_id')}
              type="number"
              min={1}
              value={form.userId}
              onChange={set('userId')}
              error={error('user_id')}
              hint={t('money.codes.any_member')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.currency')}
              maxLength={3}
              value={form.currency}
              onChange={set('currency')}
              error={error('currency')}
              hint={t('money.codes.any_currency')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.minimum')}
              type="number"
              min={0}
              step="0.01"
              value={form.minimum}
              onChange={set('minimum')}
              error={error('minimum_order_value')}
              hint={t('money.codes.minimum_hint')}
            />
            <TextField
              className="col-6 col-md-4"
              label={t('money.codes.expires')}
              type="date"
              value={form.expires}
              onChange={set('expires')}
              error={error('expires_at')}
              hint={t('money.codes.never_expires')}
            />
            <div className="col-12 col-md-6 mb-3">
              <label className="form-label" htmlFor="code-validity">
                {t('money.codes.validity')}
              </label>
              <select id="code-validity" className="form-select" value={form.validity} onChange={set('validity')}>
                {DISCOUNT_VALIDITIES.map((validity) => (
                  <option key={validity} value={validity}>
                    {t(`money.codes.validities.${validity}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-12 col-md-6 mb-3">
              <label className="form-label" htmlFor="code-methods">
                {t('money.codes.methods')}
              </label>
              <select
                id="code-methods"
                className={`form-select ${error('payment_methods') ? 'is-invalid' : ''}`}
                multiple
                size={5}
                value={form.methods}
                aria-describedby="code-methods-hint"
                onChange={(event) => setForm((current) => ({ ...current, methods: [...event.target.selectedOptions].map((option) => option.value) }))}
              >
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </select>
              <div className="form-text" id="code-methods-hint">
                {t('money.codes.methods_hint')}
              </div>
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={create.pending}>
            {t('money.codes.create')}
          </button>
        </form>
        {created && (
          <div className="alert alert-success mt-3 mb-0" role="status">
            {t('money.codes.created', { code: created.code })}
          </div>
        )}
      </div>
    </section>
  );
}
