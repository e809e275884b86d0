import { useTranslation } from '../../lib/use-translation';
import type { ProfileCard } from '../../../contract/profiles';
import { CardCaption } from './CardCaption';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/** Cards in the first screen of a phone (two rows of two) load at once; the rest when scrolled to. */
const EAGER_CARDS = 4;

/** The gallery lander's grid: one card per member; a card opens the sign-up with that member as its target. */
export function GalleryGrid({ cards }: { cards: ProfileCard[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 g-md-4 mb-0">
      {cards.map((card, index) => (
        <li className="col" key={card.id}>
          <SignupButton className="gallery-card card h-100 text-decoration-none text-reset" target={card}>
            <span className="gallery-card__photo ratio ratio-1x1 rounded-top overflow-hidden">
              <MemberPhoto card={card} eager={index < EAGER_CARDS} />
            </span>
            <span className="card-body p-2 p-md-3 d-block">
              <CardCaption card={card} />
              <span className="gallery-card__hello small fw-semibold d-inline-block mt-2">{t('landers.gallery.say_hello')}</span>
            </span>
          </SignupButton>
        </li>
      ))}
    </ul>
  );
}
