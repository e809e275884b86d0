import { useTranslation } from '../../lib/use-translation';
import type { ProfileCard } from '../../../contract/profiles';
import { useRootData } from '../../root';
import { OnlineDot } from '../profile/OnlineDot';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/** Faces on the home page: whole rows at 3 (phones), 4 (beside the hero's words) and 6 columns. */
export const HOME_MOSAIC_SIZE = 12;

/**
 * The home page's photo mosaic (issue 19): the site's real members (visible, with an approved
 * photo, of its niche, the visitor's country first), each opening the sign-up with that member
 * as its target, or their profile for a member.
 */
export function MemberMosaic({ cards, eagerCount = 3 }: { cards: ProfileCard[]; eagerCount?: number }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const fictionalWord = settings.fictional_singular || t('profile.fictional');
  return (
    <ul className="member-mosaic list-unstyled mb-0" data-testid="member-mosaic">
      {cards.map((card, index) => (
        <li key={card.id}>
          <SignupButton
            className="member-mosaic__tile"
            target={card}
            label={`${t('photo_first.tile_label', { name: card.name, age: card.age })}${card.is_online ? `, ${t('photo_first.online')}` : ''}${card.is_fictional ? ` (${fictionalWord})` : ''}`}
          >
            <MemberPhoto card={card} eager={index < eagerCount} />
            <span className="member-mosaic__name" aria-hidden="true">
              {card.is_online && <OnlineDot className="me-1" decorative />}
              {card.is_fictional && <span className="me-1">{settings.fictional_icon || '★'}</span>}
              {`${card.name}, ${card.age}`}
            </span>
          </SignupButton>
        </li>
      ))}
    </ul>
  );
}
