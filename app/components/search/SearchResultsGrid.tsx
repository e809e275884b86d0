import type { PartnerCard as PartnerOffer } from '../../../contract/partner-cards';
import type { ProfileCard as Card } from '../../../contract/profiles';
import { EAGER_CARDS, PRIORITY_CARDS, ProfileCard, useCardTexts } from '../profile/ProfileCard';
import { interleavePartnerCards } from './interleave-partner-cards';
import { PartnerCard } from './PartnerCard';

/** Search results: the members, with the site's partner cards placed among them when it resells. */
export function SearchResultsGrid({ profiles, partnerCards = [] }: { profiles: Card[]; partnerCards?: PartnerOffer[] }) {
  const texts = useCardTexts();
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-3">
      {interleavePartnerCards(profiles, partnerCards).map((item, index) =>
        item.type === 'member' ? (
          <div className="col" key={item.profile.id}>
            <ProfileCard profile={item.profile} eager={index < EAGER_CARDS} priority={index < PRIORITY_CARDS} {...texts} />
          </div>
        ) : (
          <div className="col" key={`partner-${item.slot}`}>
            <PartnerCard card={item.card} />
          </div>
        ),
      )}
    </div>
  );
}
