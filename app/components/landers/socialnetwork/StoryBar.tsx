import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { SignupButton } from '../SignupButton';
import { Avatar, EmptyAvatar } from './Avatar';

/** A row of round faces, as social apps show stories: the visitor's own first, each a way in. */
export function StoryBar({ cards }: { cards: ProfileCard[] }) {
  const { t } = useTranslation();
  return (
    <nav className="social-stories card border-0 shadow-sm mb-3" aria-label={t('landers.socialnetwork.stories_label')}>
      <ul className="list-unstyled d-flex gap-3 mb-0 p-3">
        <li>
          <SignupButton className="social-story">
            <span className="social-story__ring social-story__ring--you">
              <EmptyAvatar size={56} />
              <span className="social-story__plus" aria-hidden="true">
                +
              </span>
            </span>
            <span className="social-story__name">{t('landers.socialnetwork.your_story')}</span>
          </SignupButton>
        </li>
        {cards.map((card) => (
          <li key={card.id}>
            <SignupButton target={card} className="social-story" label={t('landers.socialnetwork.meet', { name: card.name })}>
              <span className="social-story__ring">
                <Avatar card={card} size={56} />
              </span>
              <span className="social-story__name">{card.name}</span>
            </SignupButton>
          </li>
        ))}
      </ul>
    </nav>
  );
}
