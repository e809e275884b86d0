import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { THEME_FONTS, MAX_THEME_RADIUS, type AdminThemeResponse, type ThemeFields, type ThemeImage } from '../../../../contract/theme';
import { contrastPairs, formatRatio, MIN_TEXT_CONTRAST } from '../../../../contract/theme-contrast';
import { api, ApiError } from '../../../lib/api-client';
import { useApiAction } from '../../../lib/use-api-action';
import { FormAlert } from '../../ui/FormAlert';

const COLOURS = ['primary', 'secondary', 'dark', 'accent'] as const;

/** The image goes as multipart, like a partner card's; the server re-encodes it. */
async function uploadImage(siteId: number, image: ThemeImage, file: File): Promise<AdminThemeResponse> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`/api/admin/sites/${siteId}/theme/${image}`, { method: 'POST', body, credentials: 'same-origin' });
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload ?? { error: 'internal_error', message: response.statusText });
  return payload as AdminThemeResponse;
}

/**
 * A site's look (ADR 0041): brand colours with their contrast checked as they are picked, the
 * font, corner radius, logo and hero image. Saved with the site's version; the editor's other
 * tabs go on from the version this save made.
 */
export function ThemeEditor({
  siteId,
  siteUrl,
  canWrite,
  onVersion,
}: {
  siteId: number;
  siteUrl: string;
  canWrite: boolean;
  onVersion: (version: number) => void;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<AdminThemeResponse | null>(null);
  const [draft, setDraft] = useState<ThemeFields | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useApiAction(() => api<AdminThemeResponse>(`/api/admin/sites/${siteId}/theme`));
  const save = useApiAction((fields: ThemeFields, version: number) =>
    api<AdminThemeResponse>(`/api/admin/sites/${siteId}/theme`, { method: 'PUT', body: { ...fields, version }, retries: 0 }),
  );
  const upload = useApiAction((image: ThemeImage, file: File) => uploadImage(siteId, image, file));
  const remove = useApiAction((image: ThemeImage) => api<AdminThemeResponse>(`/api/admin/sites/${siteId}/theme/${image}`, { method: 'DELETE', retries: 0 }));

  const accept = (answer: AdminThemeResponse | undefined, message?: string) => {
    if (!answer) return;
    setLoaded(answer);
    setDraft(answer.theme);
    onVersion(answer.version);
    if (message) setNotice(message);
  };
  useEffect(() => {
    void load.run().then((answer) => accept(answer));
    // Once per site: the editor is keyed by site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId]);

  const pairs = useMemo(() => (draft ? contrastPairs(draft) : []), [draft]);
  if (!draft || !loaded) return load.error ? <FormAlert error={load.error} /> : <p className="text-body-secondary">{t('themes.loading')}</p>;

  const set = <K extends keyof ThemeFields>(key: K, value: ThemeFields[K]) => setDraft({ ...draft, [key]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    accept(await save.run(draft, loaded.version), t('themes.saved'));
  };
  const error = save.error ?? upload.error ?? remove.error;
  const failing = new Set(save.error?.body.fields?.map((field) => field.field.replace(/^body\./, '')) ?? []);

  return (
    <form onSubmit={submit} noValidate role="tabpanel" id="panel-look" aria-labelledby="tab-look">
      <fieldset className="mb-4">
        <legend className="h5">{t('themes.colours')}</legend>
        <div className="row g-3">
          {COLOURS.map((name) => (
            <div className="col-6 col-md-3" key={name}>
              <label className="form-label" htmlFor={`theme-${name}`}>
                {t(`themes.fields.${name}`)}
              </label>
              <div className="input-group">
                <input
                  type="color"
                  className="form-control form-control-color"
                  aria-label={t('themes.picker', { field: t(`themes.fields.${name}`) })}
                  value={draft[name]}
                  onChange={(event) => set(name, event.target.value)}
                  disabled={!canWrite}
                />
                <input
                  id={`theme-${name}`}
                  className={`form-control ${failing.has(name) ? 'is-invalid' : ''}`}
                  value={draft[name]}
                  onChange={(event) => set(name, event.target.value.trim().toLowerCase())}
                  disabled={!canWrite}
                  spellCheck={false}
                />
              </div>
            </div>
          ))}
          <div className="col-12 col-md-6">
            <div className="form-check form-switch">
              <input
                id="theme-dark-derived"
                className="form-check-input"
                type="checkbox"
                checked={draft.dark_background === null}
                onChange={(event) => set('dark_background', event.target.checked ? null : '#1b060e')}
                disabled={!canWrite}
              />
              <label className="form-check-label" htmlFor="theme-dark-derived">
                {t('themes.dark_background_derived')}
              </label>
            </div>
            {draft.dark_background !== null && (
              <div className="mt-2">
                <label className="form-label" htmlFor="theme-dark_background">
                  {t('themes.fields.dark_background')}
                </label>
                <div className="input-group">
                  <input
                    type="color"
                    className="form-control form-control-color"
                    aria-label={t('themes.picker', { field: t('themes.fields.dark_background') })}
                    value={draft.dark_background}
                    onChange={(event) => set('dark_background', event.target.value)}
                    disabled={!canWrite}
                  />
                  <input
                    id="theme-dark_background"
                    className={`form-control ${failing.has('dark_background') ? 'is-invalid' : ''}`}
                    value={draft.dark_background}
                    onChange={(event) => set('dark_background', event.target.value.trim().toLowerCase())}
                    disabled={!canWrite}
                  />
                </div>
              </div>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('themes.contrast')}</legend>
        <p className="form-text mt-0">{t('themes.contrast_hint', { minimum: MIN_TEXT_CONTRAST })}</p>
        <ul className="list-unstyled small mb-0" data-testid="theme-contrast">
          {pairs.map((pair) => {
            const ok = pair.ratio >= MIN_TEXT_CONTRAST;
            return (
              <li key={pair.id} className="d-flex align-items-center gap-2 mb-1">
                <span className="border rounded px-2" style={{ color: pair.foreground, background: pair.background }} aria-hidden="true">
                  Aa
                </span>
                <span className={ok ? '' : 'text-danger-emphasis fw-semibold'}>
                  {pair.label}: {formatRatio(pair.ratio)}:1 {ok ? t('themes.passes') : t('themes.fails')}
                </span>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('themes.type_and_shape')}</legend>
        <div className="row g-3">
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="theme-font">
              {t('themes.fields.font')}
            </label>
            <select
              id="theme-font"
              className="form-select"
              value={draft.font}
              onChange={(event) => set('font', event.target.value as ThemeFields['font'])}
              disabled={!canWrite}
            >
              {THEME_FONTS.map((font) => (
                <option key={font} value={font}>
                  {t(`themes.fonts.${font}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="theme-radius">
              {t('themes.fields.radius')}
            </label>
            <input
              id="theme-radius"
              type="number"
              className={`form-control ${failing.has('radius') ? 'is-invalid' : ''}`}
              min={0}
              max={MAX_THEME_RADIUS}
              value={draft.radius}
              onChange={(event) => set('radius', Number(event.target.value))}
              disabled={!canWrite}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h5">{t('themes.images')}</legend>
        <div className="row g-3">
          {(['logo', 'hero'] as const).map((image) => (
            <div className="col-12 col-md-6" key={image}>
              <div className="fw-semibold mb-1">{t(`themes.fields.${image}`)}</div>
              {loaded.theme[image] ? (
                <img
                  src={loaded.theme[image]!}
                  alt=""
                  className="d-block mb-2 border rounded bg-body-tertiary"
                  style={{ maxHeight: image === 'logo' ? 64 : 120, maxWidth: '100%' }}
                />
              ) : (
                <p className="small text-body-secondary">{t('themes.no_image')}</p>
              )}
              {canWrite && (
                <div className="d-flex flex-wrap gap-2">
                  <label className="btn btn-sm btn-outline-secondary mb-0">
                    {t('themes.upload')}
                    <input
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      className="visually-hidden"
                      aria-label={`${t('themes.upload')}: ${t(`themes.fields.${image}`)}`}
                      onChange={async (event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        if (file) accept(await upload.run(image, file), t('themes.saved'));
                      }}
                    />
                  </label>
                  {loaded.theme[image] && (
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={async () => accept(await remove.run(image), t('themes.saved'))}>
                      {t('themes.remove')}
                    </button>
                  )}
                </div>
              )}
              <div className="form-text">{t(`themes.hints.${image}`)}</div>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="admin-save-bar d-flex flex-wrap align-items-center gap-3 py-2 bg-body border-top">
        {canWrite && (
          <button type="submit" className="btn btn-primary" disabled={save.pending}>
            {t('themes.save')}
          </button>
        )}
        <a className="btn btn-sm btn-outline-secondary" href={new URL(loaded.css, siteUrl).toString()} target="_blank" rel="noopener noreferrer">
          {t('themes.stylesheet')}
        </a>
        {notice && !error && (
          <span role="status" className="small text-success-emphasis">
            {notice}
          </span>
        )}
      </div>
      <div aria-live="polite">{error && <FormAlert error={error} />}</div>
    </form>
  );
}
