import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { redirect, useLoaderData, useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/links';
import type { ProfileCard } from '../../../contract/profiles';
import { FREE_SWIPE_LIKES_PER_DAY, nextSwipeDay } from '../../../contract/discovery-limits';
import { useMatchMoment } from '../../state/match-moment';
import { SwipeDeck } from '../../components/swipe/SwipeDeck';
import { api, ApiError, toApiError } from '../../lib/api-client';
import type { Route } from './+types/swipe-page';

type Mode = 'swipe_game' | 'match_finder';
const modeOf = (pathname: string): Mode => (pathname.startsWith('/swipe-game') ? 'swipe_game' : 'match_finder');

export async function loader({ url, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login');
  return { mode: modeOf(url.pathname) };
}

/**
 * When the free likes come back, on the member's own clock and in their language ("Monday 01:00"):
 * the day is named, since midnight UTC falls on the same evening for members west of it. Shown only
 * once the deck has loaded in the browser, so the server never renders another zone's time.
 */
const comeBackTime = (language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(nextSwipeDay(new Date()));

interface Deck {
  cards: ProfileCard[];
  likes_left_today: number | null;
}

/** `/swipe-game` (4 likes a day for free members) and `/match-finder` (no limit): the same cards, two rules. */
export default function SwipePage() {
  const { t, i18n } = useTranslation();
  const { mode } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [deck, setDeck] = useState<Deck | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The daily limit, once reached: said in the member's language, with what premium gives.
  const [limitMessage, setLimitMessage] = useState<string | null>(null);

  const countLeft = (likesLeft: number | null) => {
    setLeft(likesLeft);
    if (likesLeft === 0) setLimitMessage(t('errors.swipe_limit_reached', { limit: FREE_SWIPE_LIKES_PER_DAY }));
  };
  const load = async () => {
    const next = await api<Deck>(`swipe.php?mode=${modeOf(pathname)}`);
    countLeft(next.likes_left_today);
    return next;
  };
  useEffect(() => {
    void load().then(setDeck, () => setDeck({ cards: [], likes_left_today: null }));
    // The deck loads once per page; later cards come through onNeedMore.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const decide = async (card: ProfileCard, action: 'like' | 'pass') => {
    setMessage(null);
    try {
      const result = await api<{ is_match: boolean; likes_left_today: number | null }>('swipe.php', {
        method: 'POST',
        body: { profile_id: card.id, action, mode },
      });
      countLeft(result.likes_left_today);
      if (result.is_match) useMatchMoment.getState().show({ id: card.id, name: card.name, main_image: card.main_image, is_fictional: card.is_fictional });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'swipe_limit_reached') {
        setLeft(0);
        setLimitMessage(error.message);
      } else {
        setMessage(toApiError(error, t('errors.try_again_later')).message);
      }
      return false;
    }
  };

  return (
    <div className="container py-4">
      <h1 className="h3 text-center mb-3">{t(`swipe.title_${mode}`)}</h1>
      {mode === 'swipe_game' && left !== null && (
        <p className="text-center" role="status">
          {t('swipe.likes_left', { number: left })}
        </p>
      )}
      {message && (
        <div className="alert alert-warning text-center" role="alert">
          {message}
        </div>
      )}
      {limitMessage && (
        <div className="alert alert-info text-center" role="alert" data-testid="swipe-limit">
          <p className="mb-1">{limitMessage}</p>
          <p className="mb-1" id="swipe-come-back">
            {t('swipe.come_back_at', { time: comeBackTime(i18n.language) })}
          </p>
          <p className="mb-0">
            {t('swipe.limit_premium', { limit: FREE_SWIPE_LIKES_PER_DAY })}{' '}
            <Link to="/premium" className="alert-link">
              {t('swipe.limit_premium_link')}
            </Link>
          </p>
        </div>
      )}
      {deck ? (
        <SwipeDeck
          cards={deck.cards}
          onDecide={decide}
          onNeedMore={async () => (await load()).cards}
          likeBlockedBy={limitMessage ? 'swipe-come-back' : undefined}
        />
      ) : (
        <p className="text-center">{t('swipe.loading')}</p>
      )}
    </div>
  );
}
