import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { MemberProfile } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import { OnlineDot } from './OnlineDot';

/** Thumbnails are 320 px squares; full photos at most 1280 px (server/domain/photos). */
const THUMB_WIDTH = 320;
const FULL_WIDTH = 1280;
/** Full width of a phone; the left column (5 of 12) from 768 px up. */
const HEADER_SIZES = '(min-width: 1200px) 460px, (min-width: 768px) 42vw, 100vw';

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * The photo header (issue 19): a full-width strip of the member's photos that snaps one photo
 * at a time — swiped on a phone (the browser's own scroll snapping, no script in the way),
 * or moved with the previous/next buttons or the arrow keys. Free viewers see the main photo
 * and the photo count that invites them to premium.
 */
export function PhotoGallery({ profile }: { profile: Omit<MemberProfile, 'related'> }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [current, setCurrent] = useState(0);
  const [showInvite, setShowInvite] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const photos = profile.photos;
  const total = photos.length;

  const show = useCallback(
    (index: number) => {
      const slides = track.current?.children;
      const next = Math.max(0, Math.min(total - 1, index));
      const slide = slides?.[next] as HTMLElement | undefined;
      if (!slide || !track.current) return;
      setCurrent(next);
      // Scroll the strip only, never the page: the slide's position inside the track.
      const left = slide.offsetLeft - (track.current.firstElementChild as HTMLElement).offsetLeft;
      track.current.scrollTo({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [total],
  );

  // A swipe ends on a snapped photo: the counter and the buttons follow it.
  const onScroll = () => {
    const element = track.current;
    if (!element || !element.clientWidth) return;
    const index = Math.round(Math.abs(element.scrollLeft) / element.clientWidth);
    if (index !== current && index < total) setCurrent(index);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) show(current + 1);
    else if (event.key === back) show(current - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(total - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="profile-photos">
      <section
        className="photo-carousel"
        aria-roledescription={t('photo_first.carousel')}
        aria-label={t('profile.photo_of', { name: profile.name })}
        data-testid="photo-carousel"
      >
        {total ? (
          <div
            ref={track}
            className="photo-carousel__track focus-ring"
            tabIndex={total > 1 ? 0 : -1}
            onScroll={onScroll}
            onKeyDown={onKeyDown}
            aria-keyshortcuts={total > 1 ? 'ArrowLeft ArrowRight' : undefined}
          >
            {photos.map((photo, index) => (
              <div
                key={photo.id}
                className="photo-carousel__slide"
                role="group"
                aria-roledescription={t('photo_first.slide')}
                aria-label={t('photo_first.photo_n', { number: index + 1, total })}
                aria-hidden={index !== current}
                data-testid="carousel-slide"
              >
                <img
                  src={photoUrl(photo.filename, settings.cdn_prefix)}
                  srcSet={`${photoUrl(photo.thumb_filename, settings.cdn_prefix)} ${THUMB_WIDTH}w, ${photoUrl(photo.filename, settings.cdn_prefix)} ${FULL_WIDTH}w`}
                  sizes={HEADER_SIZES}
                  width={FULL_WIDTH}
                  height={(FULL_WIDTH * 5) / 4}
                  alt={t('profile.photo_of', { name: profile.name })}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  decoding="async"
                  draggable={false}
                  className="object-fit-cover w-100 h-100"
                />
              </div>
            ))}
          </div>
        ) : (
          <div className="photo-carousel__empty d-flex align-items-center justify-content-center text-body-secondary">{t('profile.no_photo')}</div>
        )}
        {profile.is_online && (
          <span className="photo-carousel__online badge rounded-pill">
            <OnlineDot decorative className="me-1" />
            {t('photo_first.online')}
          </span>
        )}
        {total > 1 && (
          <>
            <button
              type="button"
              className="photo-carousel__button photo-carousel__button--prev"
              onClick={() => show(current - 1)}
              disabled={current === 0}
              aria-label={t('photo_first.previous_photo')}
              data-testid="carousel-prev"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="photo-carousel__button photo-carousel__button--next"
              onClick={() => show(current + 1)}
              disabled={current === total - 1}
              aria-label={t('photo_first.next_photo')}
              data-testid="carousel-next"
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="photo-carousel__count badge rounded-pill mb-0" aria-live="polite" data-testid="carousel-count">
              {t('photo_first.photo_n', { number: current + 1, total })}
            </p>
          </>
        )}
      </section>
      {profile.photo_count > 0 && (
        <div className="d-flex flex-wrap gap-2 mt-2 align-items-center justify-content-end px-3 px-md-0">
          <button type="button" className="btn btn-sm btn-outline-secondary profile-photos__count" onClick={() => setShowInvite(!profile.can_see_all_photos)}>
            {t('profile.photo_count', { number: profile.photo_count })}
          </button>
        </div>
      )}
      {showInvite && (
        <div className="alert alert-info mt-2 mx-3 mx-md-0" role="status">
          {t('profile.premium_photos', { number: profile.photo_count })} <Link to="/premium">{t('nav.get_premium')}</Link>
        </div>
      )}
    </div>
  );
}
