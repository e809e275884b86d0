import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { photoUrl } from '../../../lib/media';
import { useReducedMotion } from '../../../lib/use-reduced-motion';
import { useRootData } from '../../../root';
import { FictionalBadge } from '../../profile/FictionalBadge';
import { SignupButton } from '../SignupButton';
import { SCENE_MS, type Scene } from './reel-scenes';

/**
 * A short film of taglines and faces: each scene enters with its own transition (CSS keyframes,
 * restarted by giving the scene a new key) and the reel moves on by itself. With less motion
 * asked for, nothing moves on its own and scenes simply swap, by the previous and next buttons.
 */
export function TransitionReel({ scenes }: { scenes: Scene[] }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  // The scene before stays under the new one while it enters, so one face turns into the next.
  const [{ index, previous }, setShown] = useState<{ index: number; previous: number | null }>({ index: 0, previous: null });
  const [playing, setPlaying] = useState(false);
  const scene = scenes[index];

  useEffect(() => setPlaying(!reducedMotion), [reducedMotion]);
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setShown({ index: (index + 1) % scenes.length, previous: index }), SCENE_MS[scene.kind]);
    return () => window.clearTimeout(timer);
  }, [playing, index, scene.kind, scenes.length]);

  const go = (step: number) => setShown({ index: (index + step + scenes.length) % scenes.length, previous: index });
  return (
    <section className="reel" aria-roledescription="carousel" aria-label={t('landers.transitionsvideolanding.reel_label')} data-testid="reel">
      <div className="reel__stage">
        {previous !== null && previous !== index && (
          <div key={`behind-${previous}`} className="reel__scene reel__scene--behind" aria-hidden="true" inert>
            <SceneView scene={scenes[previous]} />
          </div>
        )}
        <div
          key={index}
          className="reel__scene"
          role="group"
          aria-roledescription="slide"
          aria-label={t('landers.transitionsvideolanding.scene_of', { number: index + 1, total: scenes.length })}
        >
          <SceneView scene={scene} />
        </div>
      </div>
      <div className="reel__controls">
        <button type="button" className="reel__button" onClick={() => go(-1)} aria-label={t('landers.transitionsvideolanding.previous')}>
          <Chevron direction="back" />
        </button>
        <button
          type="button"
          className="reel__button reel__button--main"
          onClick={() => setPlaying(!playing)}
          aria-label={playing ? t('landers.transitionsvideolanding.pause') : t('landers.transitionsvideolanding.play')}
        >
          {playing ? (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5Z" />
            </svg>
          )}
        </button>
        <button type="button" className="reel__button" onClick={() => go(1)} aria-label={t('landers.transitionsvideolanding.next')}>
          <Chevron direction="forward" />
        </button>
        <ol className="reel__dots list-unstyled" aria-hidden="true">
          {scenes.map((item, dotIndex) => (
            <li key={dotIndex} className={dotIndex === index ? 'is-current' : undefined} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function SceneView({ scene }: { scene: Scene }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  if (scene.kind === 'tagline') {
    return (
      <div className={`reel-tagline reel-tagline--${scene.tagline}`}>
        <p className="reel-tagline__text">{t(`landers.transitionsvideolanding.taglines.${scene.tagline}`)}</p>
      </div>
    );
  }
  if (scene.kind === 'face') {
    const { card } = scene;
    return (
      <div className={`reel-face reel-face--${scene.entrance}`}>
        <img src={photoUrl(card.main_image!.filename, settings.cdn_prefix)} alt="" width="480" height="600" decoding="async" />
        <div className="reel-face__caption">
          <p className="h4 fw-bold mb-2">
            {card.name}, {card.age}
          </p>
          {card.is_fictional && <FictionalBadge className="mb-2" />}
          <SignupButton target={card} className="btn btn-light btn-sm fw-semibold">
            {t('landers.transitionsvideolanding.meet', { name: card.name })}
          </SignupButton>
        </div>
      </div>
    );
  }
  return <Finale cards={scene.cards} />;
}

function Finale({ cards }: { cards: ProfileCard[] }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="reel-finale">
      {cards.length > 0 && (
        <div className="reel-finale__faces" aria-hidden="true">
          {cards.map((card) => (
            <img key={card.id} src={photoUrl(card.main_image!.thumb_filename, settings.cdn_prefix)} alt="" width="72" height="72" decoding="async" />
          ))}
        </div>
      )}
      <p className="h3 fw-bold mb-3">{t('landers.transitionsvideolanding.finale_title')}</p>
      <SignupButton className="btn btn-light btn-lg fw-semibold">{t('landers.transitionsvideolanding.cta')}</SignupButton>
    </div>
  );
}

function Chevron({ direction }: { direction: 'back' | 'forward' }) {
  return (
    <svg className={`reel__chevron reel__chevron--${direction}`} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M15 5l-7 7 7 7" />
    </svg>
  );
}
