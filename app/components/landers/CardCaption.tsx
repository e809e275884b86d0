import type { ProfileCard } from '../../../contract/profiles';
import { FictionalBadge } from '../profile/FictionalBadge';

/** Name, age and place of a member on a lander, with the fictional label where it applies. */
export function CardCaption({ card, className = '' }: { card: ProfileCard; className?: string }) {
  return (
    <span className={`d-block text-start ${className}`}>
      <span className="d-block fw-semibold text-truncate">
        {card.name}, {card.age}
      </span>
      <span className="d-block small text-truncate lander-card__place">{card.city ?? card.region ?? card.country}</span>
      {card.is_fictional && <FictionalBadge className="mt-1 text-wrap mw-100" />}
    </span>
  );
}
