import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { FictionalProfile } from '../../../contract/admin/fictional';
import type { ApiError } from '../../lib/api-client';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';

export type FictionalProfileValues = Pick<FictionalProfile, 'name' | 'gender' | 'seeking' | 'date_of_birth' | 'country' | 'city' | 'about' | 'status'>;

export const EMPTY_FICTIONAL: FictionalProfileValues = {
  name: '',
  gender: 'female',
  seeking: 'male',
  date_of_birth: '',
  country: '',
  city: '',
  about: '',
  status: 'active',
};

/** Only the fields an operator edits: the record's id, site, flag and timestamps are never sent back (the API refuses them). */
export function editableFictionalValues(profile: FictionalProfileValues): FictionalProfileValues {
  const { name, gender, seeking, date_of_birth, country, city, about, status } = profile;
  return { name, gender, seeking, date_of_birth, country, city, about, status };
}

/**
 * The fields of a fictional profile, for creating and editing. There is no control for the
 * fictional flag: it is always set, and a note says so.
 */
export function FictionalProfileForm({
  initial,
  submitLabel,
  pending,
  error,
  fieldError,
  onSubmit,
  children,
}: {
  initial: FictionalProfileValues;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  fieldError: (field: string) => string | undefined;
  onSubmit: (values: FictionalProfileValues) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => editableFictionalValues(initial));
  const set = <K extends keyof FictionalProfileValues>(key: K, value: FictionalProfileValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (field: string) => fieldError(field) ?? fieldError(`body.${field}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...editableFictionalValues(values), city: values.city?.trim() ? values.city : null });
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert
        error={error}
        fields={['name', 'date_of_birth', 'country', 'city', 'about', 'body.name', 'body.date_of_birth', 'body.country', 'body.city', 'body.about']}
      />
      <p className="small text-body-secondary" data-testid="fictional-flag-note">
        ★ {t('fictional.flag_note')}
      </p>
      {children}
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <TextField label={t('fictional.name')} required value={values.name} error={errorOf('name')} onChange={(event) => set('name', event.target.value)} />
        </div>
        <div className="col-12 col-md-6">
          <TextField
            label={t('fictional.date_of_birth')}
            type="date"
            required
            value={values.date_of_birth}
            error={errorOf('date_of_birth')}
            onChange={(event) => set('date_of_birth', event.target.value)}
          />
        </div>
        <div className="col-6 col-md-3 mb-3">
          <label className="form-label" htmlFor="fictional-gender">
            {t('fictional.gender')}
          </label>
          <select
            id="fictional-gender"
            className="form-select"
            value={values.gender}
            onChange={(event) => set('gender', event.target.value as FictionalProfileValues['gender'])}
          >
            {(['female', 'male'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`fictional.genders.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3 mb-3">
          <label className="form-label" htmlFor="fictional-seeking">
            {t('fictional.seeking')}
          </label>
          <select
            id="fictional-seeking"
            className="form-select"
            value={values.seeking}
            onChange={(event) => set('seeking', event.target.value as FictionalProfileValues['seeking'])}
          >
            {(['male', 'female', 'both'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`fictional.genders.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <TextField
            label={t('fictional.country')}
            required
            maxLength={2}
            value={values.country}
            error={errorOf('country')}
            onChange={(event) => set('country', event.target.value.toUpperCase())}
          />
        </div>
        <div className="col-6 col-md-3">
          <TextField label={t('fictional.city')} value={values.city ?? ''} error={errorOf('city')} onChange={(event) => set('city', event.target.value)} />
        </div>
        <div className="col-12 mb-3">
          <label className="form-label" htmlFor="fictional-about">
            {t('fictional.about')}
          </label>
          <textarea
            id="fictional-about"
            className={`form-control ${errorOf('about') ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={2000}
            value={values.about}
            onChange={(event) => set('about', event.target.value)}
          />
          {errorOf('about') && <div className="invalid-feedback">{errorOf('about')}</div>}
        </div>
        <div className="col-12 col-md-4 mb-3">
          <label className="form-label" htmlFor="fictional-status">
            {t('fictional.status')}
          </label>
          <select
            id="fictional-status"
            className="form-select"
            value={values.status}
            onChange={(event) => set('status', event.target.value as FictionalProfileValues['status'])}
          >
            {(['active', 'disabled'] as const).map((option) => (
              <option key={option} value={option}>
                {t(`fictional.statuses.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
