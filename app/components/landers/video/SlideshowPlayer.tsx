import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { photoUrl } from '../../../lib/media';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useRootData } from '../../../root';
import { FictionalBadge } from '../../profile/FictionalBadge';
import { SignupButton } from '../SignupButton';

/**
 * A full-bleed "video" made of members' photos: each slide fades in and drifts slowly, a
 * progress bar per slide runs on top, and its end moves the show on — so pausing stops both.
 * It plays by itself only when the visitor has not asked for less motion; otherwise the play
 * button starts it, without the drift. `index` and `onIndex` let the playlist below pick a slide.
 */
export function SlideshowPlayer({ cards, index, onIndex }: { cards: ProfileCard[]; index: number; onIndex: (index: number) => void }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const reducedMotion = useReducedMotion();
  const [playing, setPlaying] = useState(false);
  // Slides seen or about to be: only their photos are fetched, the first one right away.
  const [loaded, setLoaded] = useState(() => new Set([0, 1]));
  const card = cards[index];

  useEffect(() => setPlaying(!reducedMotion), [reducedMotion]);
  useEffect(
    () => setLoaded((seen) => (seen.has(index) && seen.has((index + 1) % cards.length) ? seen : new Set([...seen, index, (index + 1) % cards.length]))),
    [index, cards.length],
  );

  const next = () => onIndex((index + 1) % cards.length);
  return (
    <section className="video-player" aria-roledescription="carousel" aria-label={t('landers.video.player_label')} data-testid="video-player">
      <div className="video-player__slides">
        {cards.map((slide, slideIndex) => (
          <div
            key={slide.id}
            className={`video-slide video-slide--${slideIndex % 2 ? 'pan' : 'zoom'}${slideIndex === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('landers.video.slide_of', { number: slideIndex + 1, total: cards.length })}
            aria-hidden={slideIndex !== index}
          >
            {loaded.has(slideIndex) && slide.main_image && (
              <>
                {/* The same address as the photo: one request, which must start as the photo's (high) for the first slide. */}
                <img
                  className="video-slide__backdrop"
                  src={photoUrl(slide.main_image.filename, settings.cdn_prefix)}
                  alt=""
                  aria-hidden="true"
                  fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                />
                <img
                  className="video-slide__photo"
                  src={photoUrl(slide.main_image.filename, settings.cdn_prefix)}
                  alt=""
                  width="640"
                  height="800"
                  fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </>
            )}
          </div>
        ))}
      </div>
      <div className="video-player__shade" aria-hidden="true" />
      {cards.length > 1 && (
        <ol className="video-progress list-unstyled" aria-hidden="true">
          {cards.map((slide, slideIndex) => (
            <li key={slide.id} className={slideIndex < index ? 'is-done' : undefined}>
              {slideIndex === index && (
                <span key={`${index}`} className="video-progress__run" style={{ animationPlayState: playing ? 'running' : 'paused' }} onAnimationEnd={next} />
              )}
            </li>
          ))}
        </ol>
      )}
      {!playing && cards.length > 1 && (
        <button type="button" className="video-player__play" onClick={() => setPlaying(true)} aria-label={t('landers.video.play')}>
          <PlayGlyph />
        </button>
      )}
      {card && (
        <div className="video-player__caption container">
          <div className="min-w-0">
            <h2 className="h3 fw-bold mb-1 text-truncate">
              {card.name}, {card.age}
            </h2>
            {card.is_fictional && <FictionalBadge className="mb-2" />}
          </div>
          <div className="d-flex align-items-center gap-2">
            <SignupButton target={card} className="btn btn-primary btn-lg fw-semibold">
              {t('landers.video.meet', { name: card.name })}
            </SignupButton>
            {cards.length > 1 && (
              <button
                type="button"
                className="video-player__toggle"
                onClick={() => setPlaying(!playing)}
                aria-label={playing ? t('landers.video.pause') : t('landers.video.play')}
              >
                {playing ? <PauseGlyph /> : <PlayGlyph />}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

function PauseGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
    </svg>
  );
}
