import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { SwipeDeck } from '../../components/swipe/SwipeDeck';
import { useSignupModal } from '../../state/signup-modal';
import type { Route } from './+types/tinderswipe-lander';

export async function loader({ context }: Route.LoaderArgs) {
  return { cards: await context.visitorDeck() };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

/** `/landers/tinderswipe` — a campaign page: swipe a few members, sign up to meet them. */
export default function TinderswipeLander() {
  const { t } = useTranslation();
  const { cards } = useLoaderData<typeof loader>();
  const openSignup = useSignupModal((state) => state.open);
  return (
    <div className="container py-4">
      <h1 className="h3 text-center mb-3">{t('swipe.lander_title')}</h1>
      <SwipeDeck
        cards={cards}
        onDecide={async (card, action) => {
          if (action === 'like') openSignup(card.id, card);
          return action === 'pass';
        }}
      />
    </div>
  );
}
