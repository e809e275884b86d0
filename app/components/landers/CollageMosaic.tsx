import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ProfileCard } from '../../../contract/profiles';
import { useRootData } from '../../root';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/**
 * A full mosaic: 15 faces, three of them (the 1st, 6th and 11th) twice as large, fill whole rows
 * at 3, 4 and 6 columns around the panel (24 cells on phones and tablets, 30 with the panel on a
 * wide screen). A site with fewer faces gets small tiles only, which leave the fewest gaps.
 */
export const COLLAGE_SIZE = 15;
const isBigTile = (index: number, count: number) => count === COLLAGE_SIZE && index % 5 === 0;

/**
 * The collage lander's mosaic: faces of different sizes around the headline panel, which is a
 * tile of the grid itself (the whole top row on a phone, the middle of the grid on a wide screen),
 * so no face hides under it. Each face opens the sign-up with that member as its target.
 */
export function CollageMosaic({ cards, panel }: { cards: ProfileCard[]; panel: ReactNode }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  // A tile has room for the fictional mark only; its name for screen readers carries the word.
  const fictionalWord = settings.fictional_singular || t('profile.fictional');
  return (
    <div className="collage">
      <div className="collage__panel">{panel}</div>
      {cards.map((card, index) => (
        <SignupButton
          key={card.id}
          className={`collage__tile ${isBigTile(index, cards.length) ? 'collage__tile--big' : ''}`}
          target={card}
          label={`${t('landers.collagelanding.tile_label', { name: card.name, age: card.age })}${card.is_fictional ? ` (${fictionalWord})` : ''}`}
        >
          <MemberPhoto card={card} eager={index < 5} large={isBigTile(index, cards.length)} className="w-100 h-100" />
          <span className="collage__name" aria-hidden="true">
            {card.is_fictional && (
              <span className="badge bg-dark me-1" title={fictionalWord}>
                {settings.fictional_icon || '★'}
              </span>
            )}
            {card.name}, {card.age}
          </span>
        </SignupButton>
      ))}
    </div>
  );
}
