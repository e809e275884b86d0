import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { OwnProfileDetails, ProfileUpdate } from '../../../contract/profiles';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, offeredInterests, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from '../../../contract/profile-options';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';
import { showToast } from '../../state/toasts';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { LocationPicker } from './LocationPicker';

const CHOICES = {
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  body_type: BODY_TYPES,
  tattoos: TATTOOS,
} as const;
type ChoiceField = keyof typeof CHOICES;

/** The profile's fields, limited to those the site shows (visible_profile_fields). */
export function ProfileForm({ profile, onSaved }: { profile: OwnProfileDetails; onSaved: (profile: OwnProfileDetails) => void }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const shown = new Set(settings.visible_profile_fields);
  const [values, setValues] = useState<OwnProfileDetails>(profile);
  const [saved, setSaved] = useState(false);
  // Issue 32: a text with contact details waits for a moderator; the member is told so.
  const [aboutInReview, setAboutInReview] = useState(!!profile.about_in_review);
  const save = useApiAction((update: ProfileUpdate) => api<OwnProfileDetails>('profile.php', { method: 'PUT', body: update }));
  const set = (patch: Partial<OwnProfileDetails>) => {
    setSaved(false);
    setValues((current) => ({ ...current, ...patch }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const update: ProfileUpdate = {
      name: values.name,
      seeking: values.seeking,
      date_of_birth: values.date_of_birth,
      country: values.country,
      region: values.region,
      city: values.city,
      latitude: values.latitude,
      longitude: values.longitude,
      about: values.about,
    };
    for (const field of Object.keys(CHOICES) as ChoiceField[]) if (shown.has(field)) Object.assign(update, { [field]: values[field] });
    if (shown.has('interests')) update.interests = values.interests;
    const result = await save.run(update);
    if (result) {
      onSaved(result);
      setAboutInReview(!!result.about_in_review);
      setSaved(true);
      showToast(t('shell.saved'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-form-title">
      <h2 className="h5" id="profile-form-title">
        {t('profile.about_me')}
      </h2>
      {saved && (
        <div className="alert alert-success" role="status">
          {t('profile.saved')}
        </div>
      )}
      <FormAlert error={save.error} fields={['name', 'date_of_birth', 'country', 'region']} />
      <div className="row">
        <TextField
          className="col-sm-6"
          label={t('signup.name_label')}
          value={values.name}
          maxLength={30}
          error={save.fieldError('name')}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          className="col-sm-6"
          label={t('signup.date_of_birth_label')}
          type="date"
          value={values.date_of_birth}
          error={save.fieldError('date_of_birth')}
          onChange={(e) => set({ date_of_birth: e.target.value })}
        />
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="profile-seeking">
          {t('signup.seeking_label')}
        </label>
        <select
          id="profile-seeking"
          className="form-select"
          value={values.seeking}
          onChange={(e) => set({ seeking: e.target.value as OwnProfileDetails['seeking'] })}
        >
          {(['male', 'female', 'both'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`signup.seeking.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <LocationPicker value={values} onChange={(location) => set(location)} />
      <div className="row">
        {(Object.keys(CHOICES) as ChoiceField[])
          .filter((field) => shown.has(field))
          .map((field) => (
            <div className="col-sm-6 mb-3" key={field}>
              <label className="form-label" htmlFor={`profile-${field}`}>
                {t(`profile.fields.${field}`)}
              </label>
              <select id={`profile-${field}`} className="form-select" value={values[field] ?? ''} onChange={(e) => set({ [field]: e.target.value || null })}>
                <option value="">–</option>
                {CHOICES[field].map((value) => (
                  <option key={value} value={value}>
                    {t(`profile.${field}.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
      </div>
      {shown.has('interests') && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('profile.fields.interests')}</legend>
          <div className="d-flex flex-wrap gap-2">
            {offeredInterests(settings.interests).map((interest) => (
              <div className="form-check form-check-inline" key={interest}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`interest-${interest}`}
                  checked={values.interests.includes(interest)}
                  onChange={(e) =>
                    set({ interests: e.target.checked ? [...values.interests, interest] : values.interests.filter((item) => item !== interest) })
                  }
                />
                <label className="form-check-label" htmlFor={`interest-${interest}`}>
                  {t(`profile.interests.${interest}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor="profile-about">
          {t('profile.about_label')}
        </label>
        <textarea
          id="profile-about"
          className="form-control"
          rows={4}
          maxLength={2000}
          value={values.about}
          aria-describedby={aboutInReview ? 'profile-about-review' : undefined}
          onChange={(e) => set({ about: e.target.value })}
        />
        {aboutInReview && (
          <p className="form-text text-warning-emphasis mb-0" id="profile-about-review" role="status" data-testid="about-in-review">
            {t('profile.about_in_review')}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.pending}>
        {t('profile.save')}
      </button>
    </form>
  );
}
