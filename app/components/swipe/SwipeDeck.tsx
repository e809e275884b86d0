import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ProfileCard } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import { FictionalBadge } from '../profile/FictionalBadge';
import { OnlineDot } from '../profile/OnlineDot';

/** How far a card must be dragged to count as a swipe. */
const SWIPE_THRESHOLD_PX = 110;

export interface SwipeDeckProps {
  cards: ProfileCard[];
  /** Called for each decision; resolves false when the decision was refused (the card stays). */
  onDecide: (card: ProfileCard, action: 'like' | 'pass') => Promise<boolean>;
  /** More cards when the deck runs low. */
  onNeedMore?: () => Promise<ProfileCard[]>;
  footer?: React.ReactNode;
  /** Likes are used up for now: Like is disabled and described by the element with this id (the reason). */
  likeBlockedBy?: string;
}

/**
 * Swipe cards (spec §2 swipe game): drag right to like and left to pass, or use the buttons,
 * or the arrow keys — the same decision whichever way it is made.
 */
export function SwipeDeck({ cards: initial, onDecide, onNeedMore, footer, likeBlockedBy }: SwipeDeckProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [cards, setCards] = useState(initial);
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState(false);
  const start = useRef<number | null>(null);
  const card = cards[0];

  useEffect(() => setCards(initial), [initial]);

  const decide = useCallback(
    async (action: 'like' | 'pass') => {
      if (!card || busy || (action === 'like' && likeBlockedBy)) return;
      setBusy(true);
      try {
        if (await onDecide(card, action)) {
          const rest = cards.slice(1);
          setCards(
            rest.length < 3 && onNeedMore
              ? [...rest, ...(await onNeedMore()).filter((next) => !rest.some((kept) => kept.id === next.id) && next.id !== card.id)]
              : rest,
          );
        }
      } finally {
        setOffset(0);
        setBusy(false);
      }
    },
    [busy, card, cards, onDecide, onNeedMore, likeBlockedBy],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Arrow keys keep their own meaning in fields, menus and dialogs.
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]'))
      )
        return;
      if (event.key === 'ArrowRight') void decide('like');
      if (event.key === 'ArrowLeft') void decide('pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide]);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    (event.target as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerUp = () => {
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) void decide('like');
    else if (offset < -SWIPE_THRESHOLD_PX) void decide('pass');
    else setOffset(0);
  };

  if (!card) return <p className="text-center text-body-secondary py-5">{t('swipe.empty')}</p>;
  return (
    <div className="mx-auto swipe-deck" style={{ maxWidth: 380 }}>
      <div
        className={`card shadow-sm swipe-card ${start.current === null ? 'swipe-card--settling' : ''}`}
        data-testid="swipe-card"
        aria-live="polite"
        aria-atomic="true"
        style={{ transform: `translateX(${offset}px) rotate(${offset / 20}deg)`, touchAction: 'pan-y' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div className="ratio ratio-1x1 rounded-top overflow-hidden bg-light">
          {card.main_image && (
            <img src={photoUrl(card.main_image.filename, settings.cdn_prefix)} alt="" width={380} height={380} draggable={false} className="object-fit-cover" />
          )}
        </div>
        <div className="card-body">
          <h2 className="h5 mb-0 d-flex align-items-center gap-2">
            {card.is_online && <OnlineDot />}
            <span>
              {card.name}, {card.age}
            </span>
          </h2>
          <p className="text-body-secondary mb-0">{card.city ?? card.country}</p>
          {card.is_fictional && <FictionalBadge className="mt-1" />}
        </div>
      </div>
      {/* Over the photo's lower edge, so a phone shows them with the card without scrolling. */}
      <div className="swipe-deck__actions d-flex justify-content-center gap-3">
        <button
          type="button"
          className="btn btn-light btn-lg rounded-pill shadow"
          onClick={() => void decide('pass')}
          disabled={busy}
          aria-keyshortcuts="ArrowLeft"
        >
          <span aria-hidden="true">✕ </span>
          {t('swipe.pass')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg rounded-pill shadow"
          onClick={() => void decide('like')}
          disabled={busy || !!likeBlockedBy}
          aria-describedby={likeBlockedBy}
          aria-keyshortcuts="ArrowRight"
        >
          <span aria-hidden="true">♥ </span>
          {t('swipe.like')}
        </button>
      </div>
      <p className="small text-body-secondary text-center mt-2">{t('swipe.keyboard_hint')}</p>
      {footer}
    </div>
  );
}
