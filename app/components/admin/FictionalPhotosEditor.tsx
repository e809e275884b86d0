import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { FictionalPhotosResponse } from '../../../contract/admin/fictional-photos';
import { api, ApiError } from '../../lib/api-client';
import { photoUrl } from '../../lib/media';
import { useApiAction } from '../../lib/use-api-action';
import { FormAlert } from '../ui/FormAlert';
import { ActionDialog } from './members/ActionDialog';

type Photo = FictionalPhotosResponse['photos'][number];

/** The image goes as multipart, like a member's photo; the server re-encodes it. */
async function uploadPhoto(profileId: number, file: File): Promise<FictionalPhotosResponse> {
  const body = new FormData();
  body.append('photo', file);
  const response = await fetch(`/api/admin/fictional-profiles/${profileId}/photos`, { method: 'POST', body, credentials: 'same-origin' });
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload ?? { error: 'internal_error', message: response.statusText });
  return payload as FictionalPhotosResponse;
}

/** A fictional profile's photos: the first is the one members see first; add one, or remove one after a question. */
export function FictionalPhotosEditor({ profileId, name, initial }: { profileId: number; name: string; initial: Photo[] }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [photos, setPhotos] = useState(initial);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const add = useApiAction((file: File) => uploadPhoto(profileId, file));
  const remove = useApiAction((photo: Photo) =>
    api<FictionalPhotosResponse>(`/api/admin/fictional-profiles/${profileId}/photos/${photo.id}`, { method: 'DELETE', retries: 0 }),
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const answer = await add.run(file);
    if (answer) setPhotos(answer.photos);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const answer = await remove.run(removing);
    if (answer) {
      setPhotos(answer.photos);
      setRemoving(null);
    }
  };

  return (
    <section className="card mt-3" style={{ maxWidth: 720 }} aria-labelledby={`${inputId}-heading`}>
      <div className="card-body">
        <h2 className="h5" id={`${inputId}-heading`}>
          {t('fictional.photos.title')}
        </h2>
        <p className="small text-body-secondary">{t('fictional.photos.intro')}</p>
        <FormAlert error={add.error} />
        {photos.length === 0 ? (
          <p data-testid="fictional-photos-empty">{t('fictional.photos.none')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-3" data-testid="fictional-photos">
            {photos.map((photo, index) => (
              <li key={photo.id} className="text-center">
                <img
                  src={photoUrl(photo.thumb_filename)}
                  width={120}
                  height={120}
                  className="rounded border d-block mb-1"
                  style={{ objectFit: 'cover' }}
                  alt={t('fictional.photos.alt', { number: index + 1, name })}
                />
                {photo.main && <span className="badge text-bg-secondary me-1">{t('fictional.photos.main')}</span>}
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('fictional.photos.remove_label', { number: index + 1 })}
                  onClick={() => (remove.clearError(), setRemoving(photo))}
                >
                  {t('fictional.photos.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="btn btn-outline-primary" htmlFor={inputId} aria-disabled={add.pending}>
          {t('fictional.photos.add')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={add.pending}
          onChange={(event) => void choose(event)}
        />
      </div>
      <ActionDialog
        show={removing !== null}
        title={t('fictional.photos.confirm_title')}
        body={t('fictional.photos.confirm_body', { name })}
        confirmLabel={t('fictional.photos.remove')}
        variant="danger"
        needsReason={false}
        pending={remove.pending}
        error={remove.error}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </section>
  );
}
