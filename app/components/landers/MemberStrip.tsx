import type { ProfileCard } from '../../../contract/profiles';
import { CardCaption } from './CardCaption';
import { MemberPhoto } from './MemberPhoto';
import { SignupButton } from './SignupButton';

/** A row of members below a lander's message (the icons lander's strip): small round faces, each leading to signing up to meet them. */
export function MemberStrip({ cards }: { cards: ProfileCard[] }) {
  return (
    <ul className="list-unstyled member-strip__list mb-0">
      {cards.map((card) => (
        <li key={card.id}>
          <SignupButton className="member-strip__item d-block text-center text-decoration-none text-reset" target={card}>
            <span className="member-strip__photo d-block mx-auto mb-2">
              <MemberPhoto card={card} className="rounded-circle w-100 h-100" />
            </span>
            <CardCaption card={card} className="text-center small" />
          </SignupButton>
        </li>
      ))}
    </ul>
  );
}
