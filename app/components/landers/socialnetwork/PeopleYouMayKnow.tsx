import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { SignupButton } from '../SignupButton';
import { Avatar } from './Avatar';
import { PlusIcon } from './FeedPost';

/**
 * "People you may know": a list beside the feed on a wide screen, a row to scroll sideways
 * inside it on a phone (`layout`). Connecting with one is signing up to meet them.
 */
export function PeopleYouMayKnow({ cards, layout }: { cards: ProfileCard[]; layout: 'column' | 'row' }) {
  const { t } = useTranslation();
  const headingId = `people-${layout}`;
  return (
    <section className={`social-people social-people--${layout} card border-0 shadow-sm mb-3`} aria-labelledby={headingId}>
      <h2 className="h6 px-3 pt-3 mb-2" id={headingId}>
        {t('landers.socialnetwork.people_title')}
      </h2>
      <ul className="list-unstyled mb-0 social-people__list">
        {cards.map((card) => (
          <li key={card.id} className="social-person">
            <Avatar card={card} size={layout === 'row' ? 72 : 44} />
            <div className="social-person__text">
              <p className="fw-semibold mb-0 text-truncate">
                {card.name}, {card.age}
              </p>
              <p className="small text-body-secondary mb-0 text-truncate">{card.city ?? card.country}</p>
            </div>
            <SignupButton
              target={card}
              className="btn btn-sm btn-outline-primary social-person__connect"
              label={t('landers.socialnetwork.connect_with', { name: card.name })}
            >
              <PlusIcon /> <span className="social-person__connect-text">{t('landers.socialnetwork.connect')}</span>
            </SignupButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
