import { useTranslation } from '../../../lib/use-translation';
import { useRegions } from '../../../lib/use-regions';
import { EmailSuggestion } from '../../ui/EmailSuggestion';
import { TextField } from '../../ui/TextField';
import { useCountryName } from '../../../lib/use-country-name';

export interface SignupFields {
  gender: string;
  seeking: string;
  day: string;
  month: string;
  year: string;
  country: string;
  region: string;
  name: string;
  email: string;
  password: string;
  signup_message: string;
  accept_terms: boolean;
}

export interface StepProps {
  fields: SignupFields;
  update: (patch: Partial<SignupFields>) => void;
  fieldError: (field: string) => string | undefined;
}

function Choice({ name, value, current, label, onChange }: { name: string; value: string; current: string; label: string; onChange: (value: string) => void }) {
  const id = `${name}-${value}`;
  return (
    <>
      <input type="radio" className="btn-check" name={name} id={id} value={value} checked={current === value} onChange={() => onChange(value)} />
      <label className="btn btn-outline-secondary" htmlFor={id}>
        {label}
      </label>
    </>
  );
}

/** Step 0: who the visitor is and whom they look for. */
export function GenderStep({ fields, update, fieldError }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      {(['gender', 'seeking'] as const).map((field) => (
        <fieldset className="mb-3" key={field}>
          <legend className="form-label fs-6">{t(`signup.${field}_label`)}</legend>
          <div className="d-flex flex-wrap gap-2" role="radiogroup">
            {(field === 'gender' ? ['male', 'female'] : ['male', 'female', 'both']).map((value) => (
              <Choice
                key={value}
                name={field}
                value={value}
                current={fields[field]}
                label={t(`signup.${field}.${value}`)}
                onChange={(v) => update({ [field]: v })}
              />
            ))}
          </div>
          {fieldError(field) && <div className="text-danger small mt-1">{fieldError(field)}</div>}
        </fieldset>
      ))}
    </>
  );
}

/** Step 1: date of birth as three lists, which every phone handles alike. */
export function BirthdayStep({ fields, update, fieldError }: StepProps) {
  const { t, i18n } = useTranslation();
  const thisYear = new Date().getFullYear();
  const months = Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, index, 1))),
  );
  const error = fieldError('date_of_birth');
  const select = (field: 'day' | 'month' | 'year', label: string, options: { value: string; label: string }[]) => (
    <div className="col">
      <label className="form-label" htmlFor={`dob-${field}`}>
        {label}
      </label>
      <select
        id={`dob-${field}`}
        className={`form-select ${error ? 'is-invalid' : ''}`}
        value={fields[field]}
        onChange={(e) => update({ [field]: e.target.value })}
      >
        <option value="">–</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('signup.date_of_birth_label')}</legend>
      <div className="row g-2">
        {select(
          'day',
          t('signup.day'),
          Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1).padStart(2, '0'), label: String(i + 1) })),
        )}
        {select(
          'month',
          t('signup.month'),
          months.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label })),
        )}
        {select(
          'year',
          t('signup.year'),
          Array.from({ length: 82 }, (_, i) => String(thisYear - 18 - i)).map((year) => ({ value: year, label: year })),
        )}
      </div>
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** Step 2: country and, once the regions arrive, region. */
export function LocationStep({ fields, update, fieldError, countries }: StepProps & { countries: string[] }) {
  const { t } = useTranslation();
  const countryName = useCountryName();

  const regions = useRegions(fields.country);

  return (
    <>
      <div className="mb-3">
        <label className="form-label" htmlFor="signup-country">
          {t('signup.country_label')}
        </label>
        <select
          id="signup-country"
          className={`form-select ${fieldError('country') ? 'is-invalid' : ''}`}
          value={fields.country}
          onChange={(e) => update({ country: e.target.value, region: '' })}
        >
          <option value="">–</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
        {fieldError('country') && <div className="invalid-feedback">{fieldError('country')}</div>}
      </div>
      {regions && (
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-region">
            {regions.region_word_label}
          </label>
          <select id="signup-region" className="form-select" value={fields.region} onChange={(e) => update({ region: e.target.value })}>
            <option value="">–</option>
            {regions.regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

/** Step 3: the name other members see. */
export function NameStep({ fields, update, fieldError }: StepProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('signup.name_label')}
      hint={t('signup.name_hint')}
      name="name"
      autoComplete="nickname"
      maxLength={30}
      value={fields.name}
      error={fieldError('name')}
      onChange={(e) => update({ name: e.target.value })}
    />
  );
}

/**
 * What the first message to the target will cost: it is sent once the address is confirmed,
 * priced like any new member's message, and the visitor learns the price before signing up.
 */
export function MessagePriceNote({ id, price, className = 'form-text' }: { id?: string; price?: number | null; className?: string }) {
  const { t } = useTranslation();
  if (price === null || price === undefined) return null;
  return (
    <div id={id} className={className} data-testid="signup-message-price">
      {price === 0 ? t('signup.message_price_free') : t('signup.message_price', { price })}
    </div>
  );
}

/** Step 4: the account itself, and a first message when signing up from a profile. */
export function AccountStep({
  fields,
  update,
  fieldError,
  suggestion,
  targetName,
  messagePrice,
}: StepProps & { suggestion?: string; targetName?: string; messagePrice?: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('signup.email_label')}
        type="email"
        name="email"
        autoComplete="email"
        value={fields.email}
        error={fieldError('email')}
        onChange={(e) => update({ email: e.target.value })}
      />
      <EmailSuggestion email={fields.email} fromServer={suggestion} onAccept={(email) => update({ email })} />
      <TextField
        label={t('signup.password_label')}
        hint={t('signup.password_hint')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={fields.password}
        error={fieldError('password')}
        onChange={(e) => update({ password: e.target.value })}
      />
      {targetName && (
        <div className="mb-3">
          <label className="form-label" htmlFor="signup-message">
            {t('signup.message_label', { name: targetName })}
          </label>
          <textarea
            id="signup-message"
            className={`form-control ${fieldError('signup_message') ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={500}
            aria-describedby={fieldError('signup_message') ? 'signup-message-price signup-message-error' : 'signup-message-price'}
            value={fields.signup_message}
            onChange={(e) => update({ signup_message: e.target.value })}
          />
          {fieldError('signup_message') && (
            <div className="invalid-feedback" id="signup-message-error">
              {fieldError('signup_message')}
            </div>
          )}
          <MessagePriceNote id="signup-message-price" price={messagePrice} />
        </div>
      )}
      <div className="form-check mb-3">
        <input
          className={`form-check-input ${fieldError('accept_terms') ? 'is-invalid' : ''}`}
          type="checkbox"
          id="signup-terms"
          checked={fields.accept_terms}
          onChange={(e) => update({ accept_terms: e.target.checked })}
        />
        <label className="form-check-label" htmlFor="signup-terms">
          {t('signup.accept_terms')}{' '}
          <a href="/pages/terms" target="_blank" rel="noopener">
            {t('footer.links.terms')}
          </a>
        </label>
        {fieldError('accept_terms') && <div className="invalid-feedback">{fieldError('accept_terms')}</div>}
      </div>
    </>
  );
}
