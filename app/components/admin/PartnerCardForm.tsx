import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { AdminPartnerCard } from '../../../contract/admin/partner-cards';
import { PARTNER_CARD_KINDS } from '../../../contract/partner-cards';
import type { ApiError } from '../../lib/api-client';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';

/** The form's values as typed; numbers stay text until submitted, so an empty field means "none". */
export interface PartnerCardDraft {
  site_id: string;
  kind: AdminPartnerCard['kind'];
  name: string;
  age: string;
  city: string;
  url: string;
  sort_order: string;
  active: boolean;
}

/** What goes to the server: numbers where the text is one, the text itself where not (so the server names the field). */
export type PartnerCardValues = Omit<PartnerCardDraft, 'site_id' | 'age' | 'sort_order'> & {
  site_id: number | string | null;
  age: number | string | null;
  sort_order: number | string;
};

export const EMPTY_PARTNER_CARD: PartnerCardDraft = { site_id: '', kind: 'cam', name: '', age: '', city: '', url: 'https://', sort_order: '0', active: true };

export function draftOf(card: AdminPartnerCard): PartnerCardDraft {
  return {
    site_id: card.site_id === null ? '' : String(card.site_id),
    kind: card.kind,
    name: card.name,
    age: card.age === null ? '' : String(card.age),
    city: card.city,
    url: card.url,
    sort_order: String(card.sort_order),
    active: card.active,
  };
}

const asNumber = (value: string) => (/^-?\d+$/.test(value.trim()) ? Number(value) : value);

/** Blank number fields become null (all sites, no age); anything else goes as typed, for the server to judge. */
function valuesOf(draft: PartnerCardDraft): PartnerCardValues {
  const numberOrNull = (value: string) => (value.trim() === '' ? null : asNumber(value));
  return { ...draft, site_id: numberOrNull(draft.site_id), age: numberOrNull(draft.age), sort_order: asNumber(draft.sort_order || '0') };
}

/** A partner card's fields, for adding and editing; the server validates (https only, plain names, adult ages). */
export function PartnerCardForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: PartnerCardDraft;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: PartnerCardValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof PartnerCardDraft>(key: K, value: PartnerCardDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const errorOf = (field: string) => error?.fieldMessage(field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(valuesOf(draft));
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert error={error} fields={['site_id', 'kind', 'name', 'age', 'city', 'url', 'sort_order']} />
      <div className="row g-2">
        <div className="col-6 col-md-3 mb-3">
          <label className="form-label" htmlFor={`${id}-kind`}>
            {t('partner_cards.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="form-select"
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as PartnerCardDraft['kind'])}
          >
            {PARTNER_CARD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`partner_cards.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <TextField
            label={t('partner_cards.site')}
            inputMode="numeric"
            placeholder={t('partner_cards.all_sites')}
            value={draft.site_id}
            error={errorOf('site_id')}
            onChange={(event) => set('site_id', event.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <TextField
            label={t('partner_cards.name')}
            required
            maxLength={60}
            value={draft.name}
            error={errorOf('name')}
            onChange={(event) => set('name', event.target.value)}
          />
        </div>
        <div className="col-4 col-md-2">
          <TextField
            label={t('partner_cards.age')}
            inputMode="numeric"
            value={draft.age}
            error={errorOf('age')}
            onChange={(event) => set('age', event.target.value)}
          />
        </div>
        <div className="col-8 col-md-4">
          <TextField
            label={t('partner_cards.city')}
            maxLength={80}
            value={draft.city}
            error={errorOf('city')}
            onChange={(event) => set('city', event.target.value)}
          />
        </div>
        <div className="col-6 col-md-3">
          <TextField
            label={t('partner_cards.sort_order')}
            inputMode="numeric"
            value={draft.sort_order}
            error={errorOf('sort_order')}
            onChange={(event) => set('sort_order', event.target.value)}
          />
        </div>
        <div className="col-6 col-md-3 mb-3 d-flex align-items-end">
          <div className="form-check">
            <input
              id={`${id}-active`}
              type="checkbox"
              className="form-check-input"
              checked={draft.active}
              onChange={(event) => set('active', event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-active`}>
              {t('partner_cards.active')}
            </label>
          </div>
        </div>
        <div className="col-12">
          <TextField
            label={t('partner_cards.url')}
            type="url"
            required
            maxLength={500}
            hint={t('partner_cards.url_hint')}
            value={draft.url}
            error={errorOf('url')}
            onChange={(event) => set('url', event.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
