import { useTranslation } from '../../lib/use-translation';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../components/ui/links';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { ProfileDetailsList } from '../../components/profile/ProfileDetailsList';
import { LandingPromises } from '../../components/profile-landing/LandingPromises';
import { LandingSignup } from '../../components/profile-landing/LandingSignup';
import { ProfilePhoto } from '../../components/profile-landing/ProfilePhoto';
import { landingMeta, revalidateForAnotherMember } from './landing-route';
import { loadLandingTarget } from './profile-landing.server';
import type { Route } from './+types/landing3';

/** Members shown under the profile: a short row, not a second search page. */
const SIMILAR_COUNT = 6;

export async function loader(args: Route.LoaderArgs) {
  const landing = await loadLandingTarget(args);
  const { target } = landing;
  const deck = await args.context.visitorDeck(SIMILAR_COUNT + 1);
  return {
    ...landing,
    similar: deck.filter((card) => card.id !== target.id).slice(0, SIMILAR_COUNT),
    slug: args.params.slug ?? null,
  };
}

export const shouldRevalidate = revalidateForAnotherMember;

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(data?.target.name, matches[0]?.data?.settings.name);
}

/** `/members/{id}/landing3/{slug?}` — the member's profile card with details, a few like them, and the sign-up. */
export default function ProfileCardLanding() {
  const { t } = useTranslation();
  const { target, details, isFictional, similar, slug } = useLoaderData<typeof loader>();
  // The campaign's tracking stays in the address from one member's landing to the next.
  const { search } = useLocation();
  return (
    <div className="pl-card-page pl-fill py-4 py-lg-5">
      <div className="container">
        <div className="row g-4 g-lg-5">
          <div className="col-lg-7">
            <article className="card border-0 shadow-sm overflow-hidden">
              <div className="row g-0">
                <div className="col-sm-5">
                  <ProfilePhoto profile={target} priority className="pl-card__photo" />
                </div>
                <div className="col-sm-7">
                  <div className="card-body p-3 p-sm-4">
                    <h1 className="h3 fw-bold mb-1">
                      {target.name}, {target.age}
                    </h1>
                    {target.city && <p className="text-body-secondary mb-2">{target.city}</p>}
                    {isFictional && <FictionalBadge className="mb-2" />}
                    <p className="pl-kicker mb-0">{t('profile_landing.card_lead', { name: target.name })}</p>
                    <ProfileDetailsList details={details} />
                    {/* On a phone the sign-up comes after the details: one tap takes the visitor there. */}
                    <a className="btn btn-primary w-100 mt-3 d-lg-none" href="#pl-signup-title">
                      {t('profile_landing.signup_title', { name: target.name })}
                    </a>
                  </div>
                </div>
              </div>
            </article>
            <LandingPromises className="mt-3 pl-promises--light" />
          </div>
          <div className="col-lg-5">
            <LandingSignup target={target} />
          </div>
        </div>
        {similar.length > 0 && (
          <section className="mt-5" aria-labelledby="pl-similar-title">
            <h2 className="h5 mb-3" id="pl-similar-title">
              {t('profile_landing.similar_title')}
            </h2>
            <ul className="row row-cols-3 row-cols-md-6 g-2 g-md-3 list-unstyled mb-0">
              {similar.map((card) => (
                <li className="col" key={card.id}>
                  <Link className="pl-similar text-reset text-decoration-none" to={`/members/${card.id}/landing3${slug ? `/${slug}` : ''}${search}`}>
                    <ProfilePhoto profile={card} thumb className="pl-similar__photo" />
                    <span className="d-block small fw-semibold text-truncate mt-1">
                      {card.name}, {card.age}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
