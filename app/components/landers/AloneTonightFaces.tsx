import { useTranslation } from '../../lib/use-translation';
import type { ProfileCard } from '../../../contract/profiles';
import { CardCaption } from './CardCaption';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/**
 * The alone-tonight lander's faces: members who were active most recently (the deck's order),
 * from the visitor's country first. "Active recently" is what the deck knows; it never claims
 * that anyone is online now.
 */
export function AloneTonightFaces({ cards }: { cards: ProfileCard[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-lg-6 g-3 mb-0">
      {cards.map((card, index) => (
        <li className="col" key={card.id}>
          <SignupButton className="tonight-face d-block text-center text-decoration-none h-100 rounded-4 p-2 p-md-3" target={card}>
            <span className="tonight-face__photo d-block mx-auto mb-2 position-relative">
              <MemberPhoto card={card} eager={index < 4} className="rounded-circle w-100 h-100" />
              <span className="tonight-face__dot" aria-hidden="true" />
            </span>
            <CardCaption card={card} className="text-center" />
            <span className="visually-hidden">{t('landers.alonetonight.active_recently')}</span>
          </SignupButton>
        </li>
      ))}
    </ul>
  );
}

/** A crescent moon and a few stars, drawn here so the page loads no image for them. */
export function NightSkyIcon() {
  return (
    <svg className="tonight-moon" width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <path d="M44 10a26 26 0 1 0 18 40A22 22 0 0 1 44 10Z" fill="#ffe9a8" />
      <circle cx="14" cy="14" r="1.6" fill="#fff" />
      <circle cx="60" cy="12" r="1.2" fill="#fff" />
      <circle cx="64" cy="30" r="1.8" fill="#fff" />
      <circle cx="8" cy="44" r="1.2" fill="#fff" />
    </svg>
  );
}

/** A map pin before the visitor's country: the faces below are from there first. */
export function PinIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" style={{ verticalAlign: '-2px' }}>
      <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}
