import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import type { z } from 'zod';
import { PHOTO_REJECTION_REASONS, type PendingPhoto, type PhotoQueuePage } from '../../../contract/admin/moderation';
import { BulkDecisionBar } from '../../components/admin/BulkDecisionBar';
import { useBulkDecision } from '../../components/admin/use-bulk-decision';
import { FormAlert } from '../../components/ui/FormAlert';
import { api, ApiError } from '../../lib/api-client';
import { photoUrl } from '../../lib/media';
import type { Route } from './+types/photos';

type Reason = (typeof PHOTO_REJECTION_REASONS)[number];

export async function loader({ context }: Route.LoaderArgs) {
  // Not signed in: the console layout shows its sign-in instead of this page.
  if (!context.staff) return { page: null };
  const answer = await context.adminGet<z.infer<typeof PhotoQueuePage>>('/api/admin/photos?page_size=50');
  if (answer.status !== 200) throw data('Your role does not allow this page.', { status: 403 });
  return { page: answer.body };
}

/** Typing in a field is typing, not a shortcut. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

/**
 * `/admin/photos` — the photo queue, oldest first. One photo is selected; J/K move, A approves,
 * R asks for a reason (1–5) and rejects. Decided photos leave the list; when it runs empty the
 * next ones are fetched.
 */
export default function PhotoQueue() {
  const { t } = useTranslation();
  const { page } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [decided, setDecided] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState(0);
  const [choosing, setChoosing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const photos = (page?.items ?? []).filter((photo) => !decided.has(photo.id));
  const current: PendingPhoto | undefined = photos[Math.min(selected, photos.length - 1)];
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Ticked photos take one decision together (issue 32).
  const bulk = useBulkDecision('/api/admin/photos/bulk-decision', (ids) => setDecided((previous) => new Set([...previous, ...ids])));

  const settle = useCallback(
    async (photo: PendingPhoto, reason: Reason | null) => {
      setChoosing(false);
      setPending(true);
      setError(null);
      setDone(null);
      try {
        await api(`/api/admin/photos/${photo.id}/decision`, {
          method: 'POST',
          body: reason ? { decision: 'reject', reason } : { decision: 'approve' },
          retries: 0,
        });
        setDecided((previous) => new Set(previous).add(photo.id));
        setDone(t(reason ? 'photos.rejected' : 'photos.approved', { id: photo.id }));
      } catch (caught) {
        setError(caught instanceof ApiError ? caught.message : t('photos.failed'));
        // Already decided by someone else: it is no longer waiting.
        if (caught instanceof ApiError && (caught.status === 409 || caught.status === 404)) setDecided((previous) => new Set(previous).add(photo.id));
      } finally {
        setPending(false);
      }
    },
    [t],
  );

  // The last photo of the page is decided: fetch the next ones.
  const remaining = photos.length;
  useEffect(() => {
    if (page && remaining === 0 && page.items.length > 0 && revalidator.state === 'idle') {
      void revalidator.revalidate().then(() => setDecided(new Set()));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remaining]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target) || !current) return;
      const key = event.key.toLowerCase();
      if (choosing) {
        const index = Number(key) - 1;
        if (index >= 0 && index < PHOTO_REJECTION_REASONS.length) void settle(current, PHOTO_REJECTION_REASONS[index]);
        else if (key === 'escape') setChoosing(false);
        else return;
      } else if (key === 'j') setSelected((index) => Math.min(index + 1, photos.length - 1));
      else if (key === 'k') setSelected((index) => Math.max(index - 1, 0));
      else if (key === 'a') void settle(current, null);
      else if (key === 'r') setChoosing(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, choosing, photos.length, settle]);

  return (
    <>
      <h1 className="h3">{t('photos.title')}</h1>
      <p className="text-body-secondary">{t('photos.intro')}</p>
      <p className="small border rounded p-2 bg-light" data-testid="photo-shortcuts">
        {t('photos.shortcuts')}
      </p>
      {photos.length > 0 && (
        <BulkDecisionBar
          count={bulk.ticked.length}
          positiveLabel={t('photos.bulk_approve')}
          negativeLabel={t('photos.bulk_reject')}
          reasons={PHOTO_REJECTION_REASONS.map((reason) => ({ value: reason, label: t(`moderation.photo_reasons.${reason}`) }))}
          pending={bulk.pending}
          onDecide={(approve, reason) => void bulk.decide(approve ? { decision: 'approve' } : { decision: 'reject', reason })}
        />
      )}
      <FormAlert error={bulk.error} />
      <div aria-live="polite" className="small">
        {bulk.message && <p className="text-success mb-2">{bulk.message}</p>}
        {done && <p className="text-success mb-2">{done}</p>}
        {error && <p className="alert alert-danger">{error}</p>}
      </div>
      {photos.length === 0 ? (
        <p>{t('photos.empty')}</p>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3" data-testid="photo-queue">
          {photos.map((photo, index) => {
            const isCurrent = photo.id === current?.id;
            return (
              <li key={photo.id} className="col" data-testid="pending-photo" data-photo-id={photo.id} aria-current={isCurrent ? 'true' : undefined}>
                <div className={`card h-100 ${isCurrent ? 'border-primary border-3' : ''}`} onClick={() => setSelected(index)}>
                  <img
                    src={photoUrl(photo.filename)}
                    alt={t('photos.photo_alt', { name: photo.member_name })}
                    className="card-img-top"
                    style={{ objectFit: 'cover', aspectRatio: '1 / 1' }}
                    loading="lazy"
                  />
                  <div className="card-body p-2 small">
                    <div className="form-check mb-1">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        id={`tick-photo-${photo.id}`}
                        checked={bulk.ticked.includes(photo.id)}
                        onChange={() => bulk.toggle(photo.id)}
                      />
                      <label className="form-check-label visually-hidden" htmlFor={`tick-photo-${photo.id}`}>
                        {t('photos.tick', { id: photo.id })}
                      </label>
                    </div>
                    {isCurrent && <span className="badge bg-primary mb-1">{t('photos.selected')}</span>}
                    <div>{t('photos.member', { name: photo.member_name, id: photo.member_id, site: photo.site_name })}</div>
                    <div className="text-body-secondary">{t('photos.uploaded', { when: photo.created_at.slice(0, 16).replace('T', ' ') })}</div>
                    <div className="d-flex flex-wrap gap-2 mt-2">
                      <button type="button" className="btn btn-sm btn-success" disabled={pending} onClick={() => void settle(photo, null)}>
                        {t('photos.approve')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        disabled={pending}
                        onClick={() => {
                          setSelected(index);
                          setChoosing(true);
                        }}
                      >
                        {t('photos.reject')}
                      </button>
                    </div>
                    {isCurrent && choosing && (
                      <div role="group" aria-label={t('photos.choose_reason')} className="mt-2 d-grid gap-1">
                        <span className="fw-bold">{t('photos.choose_reason')}</span>
                        {PHOTO_REJECTION_REASONS.map((reason, number) => (
                          <button
                            key={reason}
                            type="button"
                            className="btn btn-sm btn-outline-danger text-start"
                            onClick={() => void settle(photo, reason)}
                            aria-label={t('photos.reject_as', { reason: t(`moderation.photo_reasons.${reason}`) })}
                          >
                            <kbd>{number + 1}</kbd> {t(`moderation.photo_reasons.${reason}`)}
                          </button>
                        ))}
                        <button type="button" className="btn btn-sm btn-link" onClick={() => setChoosing(false)}>
                          {t('photos.cancel')}
                        </button>
                      </div>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="btn btn-outline-secondary mt-3" onClick={() => void revalidator.revalidate().then(() => setDecided(new Set()))}>
        {t('photos.refresh')}
      </button>
    </>
  );
}
