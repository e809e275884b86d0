import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ApiError } from '../../../lib/api-client';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import type { MandateValues } from './use-direct-debit';

type TextName = Exclude<keyof MandateValues, 'consent'>;

export const EMPTY_MANDATE: MandateValues = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  postal_code: '',
  city: '',
  mobile: '',
  consent: false,
};

/** Field attributes that let browsers and password managers fill the form, and phones show the right keyboard. */
const INPUTS: Record<TextName, { autoComplete: string; type?: string; inputMode?: 'tel' | 'text'; maxLength: number; col: string }> = {
  account_holder: { autoComplete: 'name', maxLength: 70, col: 'col-12' },
  iban: { autoComplete: 'off', maxLength: 42, col: 'col-12' },
  street: { autoComplete: 'address-line1', maxLength: 70, col: 'col-8' },
  house_number: { autoComplete: 'off', maxLength: 10, col: 'col-4' },
  postal_code: { autoComplete: 'postal-code', maxLength: 10, col: 'col-5 col-sm-4' },
  city: { autoComplete: 'address-level2', maxLength: 50, col: 'col-7 col-sm-8' },
  mobile: { autoComplete: 'tel', type: 'tel', inputMode: 'tel', maxLength: 20, col: 'col-12' },
};
const FIELDS = Object.keys(INPUTS) as TextName[];

interface MandateFormProps {
  values: MandateValues;
  onChange: (values: MandateValues) => void;
  onSubmit: (values: MandateValues) => void;
  pending: boolean;
  error: ApiError | null;
  /** The creditor named in the mandate: the company behind the site. */
  creditor: string;
  amount: string;
}

/** The SEPA mandate (spec §2 directdebit): account holder, IBAN, address, mobile and consent. */
export function MandateForm({ values, onChange, onSubmit, pending, error, creditor, amount }: MandateFormProps) {
  const { t } = useTranslation();
  const consentId = useId();
  // Empty fields are caught here with the member's language; the server checks everything again.
  const [missing, setMissing] = useState<Partial<Record<keyof MandateValues, string>>>({});
  const problem = (name: keyof MandateValues) => missing[name] ?? error?.fieldMessage(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof missing = {};
    for (const name of FIELDS) if (!values[name].trim()) found[name] = t('directdebit.required');
    if (!values.consent) found.consent = t('errors.mandate_consent_required');
    setMissing(found);
    if (Object.keys(found).length) {
      document.querySelector<HTMLInputElement>(`[data-field="directdebit-${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    onSubmit(values);
  };
  const set = (name: keyof MandateValues, value: string | boolean) => {
    setMissing((current) => ({ ...current, [name]: undefined }));
    onChange({ ...values, [name]: value });
  };

  const consentError = problem('consent');
  return (
    <form onSubmit={submit} noValidate aria-labelledby="directdebit-form-title">
      <h2 className="h5" id="directdebit-form-title">
        {t('directdebit.form_title')}
      </h2>
      <FormAlert error={error} fields={[...FIELDS, 'consent']} />
      <div className="row g-2">
        {FIELDS.map((name) => {
          const { col, ...input } = INPUTS[name];
          return (
            <TextField
              key={name}
              className={`${col} mb-1`}
              label={t(`directdebit.${name}`)}
              hint={name === 'iban' ? t('directdebit.iban_hint') : name === 'mobile' ? t('directdebit.mobile_hint') : undefined}
              value={values[name]}
              error={problem(name)}
              name={name}
              data-field={`directdebit-${name}`}
              spellCheck={false}
              onChange={(event) => set(name, event.target.value)}
              {...input}
            />
          );
        })}
      </div>
      <div className="border rounded p-3 my-3 bg-body-tertiary small" id={`${consentId}-mandate`}>
        <p className="fw-semibold mb-1">{t('directdebit.mandate_title')}</p>
        <p className="mb-0">{t('directdebit.mandate_text', { creditor })}</p>
      </div>
      <div className="form-check mb-3">
        <input
          className={`form-check-input ${consentError ? 'is-invalid' : ''}`}
          type="checkbox"
          id={consentId}
          checked={values.consent}
          aria-invalid={!!consentError}
          aria-describedby={[`${consentId}-mandate`, consentError && `${consentId}-error`].filter(Boolean).join(' ')}
          onChange={(event) => set('consent', event.target.checked)}
          data-field="directdebit-consent"
        />
        <label className="form-check-label" htmlFor={consentId}>
          {t('directdebit.consent', { creditor, amount })}
        </label>
        {consentError && (
          <div className="invalid-feedback" id={`${consentId}-error`}>
            {consentError}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={pending}>
        {pending ? t('directdebit.sending') : t('directdebit.submit')}
      </button>
    </form>
  );
}
