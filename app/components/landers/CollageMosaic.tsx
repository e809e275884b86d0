import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '../../../contract/profiles';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/** Every seventh face, starting with the first, is drawn twice as large: the mosaic's rhythm. */
const isBigTile = (index: number) => index % 7 === 0;
/** A big tile is half a phone's width and a third of a wide screen's: the full photo serves the wide screens. */
const BIG_TILE_SIZES = '(min-width: 992px) 380px, 66vw';

/**
 * The collage lander's mosaic: faces of different sizes around the headline panel, which is a
 * tile of the grid itself (the whole top row on a phone, the middle of the grid on a wide screen),
 * so no face hides under it. Each face opens the sign-up with that member as its target.
 */
export function CollageMosaic({ cards, panel }: { cards: ProfileCard[]; panel: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="collage">
      <div className="collage__panel">{panel}</div>
      {cards.map((card, index) => (
        <SignupButton
          key={card.id}
          className={`collage__tile ${isBigTile(index) ? 'collage__tile--big' : ''}`}
          target={card}
          label={t('landers.collagelanding.tile_label', { name: card.name, age: card.age })}
        >
          <MemberPhoto card={card} eager={index < 5} large={isBigTile(index) ? BIG_TILE_SIZES : undefined} className="w-100 h-100" />
          <span className="collage__name" aria-hidden="true">
            {card.name}, {card.age}
          </span>
        </SignupButton>
      ))}
    </div>
  );
}
