import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { OwnProfileDetails } from '../../../contract/profiles';
import { ApiError, MAX_RETRIES, sendWithRetries } from '../../lib/api-client';
import { photoUrl } from '../../lib/media';
import { useApiAction } from '../../lib/use-api-action';
import { api } from '../../lib/api-client';

/**
 * Uploads go as multipart, through the same error handling as every other call, and are retried
 * like them (spec §7): the upload's key makes the server store the photo once however often it
 * arrives. The body is built for each try, as a sent FormData stream cannot be sent again.
 */
async function uploadPhoto(file: File): Promise<OwnProfileDetails> {
  const clientId = crypto.randomUUID();
  const response = await sendWithRetries(() => {
    const body = new FormData();
    body.append('client_id', clientId);
    body.append('photo', file);
    return fetch('/api/photos.php', { method: 'POST', body, credentials: 'same-origin' });
  }, MAX_RETRIES);
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload ?? { error: 'internal_error', message: response.statusText });
  return payload as OwnProfileDetails;
}

/** The member's photos: add, remove, choose the main one, move one forward. */
export function PhotoManager({ profile, onChange }: { profile: OwnProfileDetails; onChange: (profile: OwnProfileDetails) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const action = useApiAction(async (run: () => Promise<OwnProfileDetails>) => onChange(await run()));
  const full = profile.photos.filter((photo) => photo.status !== 'rejected').length >= profile.photo_limit;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    await action.run(() => uploadPhoto(file));
    setBusy(false);
  };
  const moveForward = (index: number) => {
    const ids = profile.photos.map((photo) => photo.id);
    [ids[index - 1], ids[index]] = [ids[index], ids[index - 1]];
    void action.run(() => api('photos.php', { method: 'PUT', body: { order: ids } }));
  };

  return (
    <section className="mb-4" aria-labelledby="photos-title">
      <h2 className="h5" id="photos-title">
        {t('profile.photos_title', { number: profile.photos.length, limit: profile.photo_limit })}
      </h2>
      {action.error && (
        <div className="alert alert-danger" role="alert">
          {action.error.message}
          {action.error.code === 'photo_limit_reached' && profile.photo_limit < 25 && (
            <>
              {' '}
              <Link to="/premium">{t('nav.get_premium')}</Link>
            </>
          )}
        </div>
      )}
      <ul className="list-unstyled row row-cols-3 row-cols-md-5 g-2">
        {profile.photos.map((photo, index) => (
          <li className="col" key={photo.id} data-testid="own-photo">
            <div className="position-relative">
              <img
                src={photoUrl(photo.thumb_filename)}
                alt={t('profile.photo_number', { number: index + 1 })}
                className="img-fluid rounded"
                width={160}
                height={160}
              />
              {photo.id === profile.main_photo_id && <span className="badge bg-primary position-absolute top-0 start-0 m-1">{t('profile.main_photo')}</span>}
              {photo.status === 'pending' && (
                <span className="badge bg-warning text-dark position-absolute bottom-0 start-0 m-1">{t('profile.photo_pending')}</span>
              )}
            </div>
            <div className="d-flex flex-wrap gap-1 mt-1">
              {photo.id !== profile.main_photo_id && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => void action.run(() => api('photos.php', { method: 'PUT', body: { main_photo_id: photo.id } }))}
                >
                  {t('profile.make_main')}
                </button>
              )}
              {index > 0 && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => moveForward(index)}
                  aria-label={t('profile.move_forward', { number: index + 1 })}
                >
                  ←
                </button>
              )}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-danger"
                onClick={() => void action.run(() => api('photos.php', { method: 'DELETE', body: { photo_id: photo.id } }))}
              >
                {t('profile.delete_photo')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="d-none"
        onChange={(e) => void choose(e)}
        aria-label={t('profile.add_photo')}
        data-testid="photo-input"
      />
      <button type="button" className="btn btn-outline-primary" onClick={() => input.current?.click()} disabled={busy || full}>
        {busy ? t('profile.uploading') : t('profile.add_photo')}
      </button>
      {full && <p className="small text-body-secondary mt-2">{t('profile.photo_limit', { limit: profile.photo_limit })}</p>}
    </section>
  );
}
