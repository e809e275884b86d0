import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { LandingPromises } from '../../components/profile-landing/LandingPromises';
import { LandingSignup } from '../../components/profile-landing/LandingSignup';
import { ProfilePhoto } from '../../components/profile-landing/ProfilePhoto';
import { landingMeta, revalidateForAnotherMember } from './landing-route';
import { loadLandingTarget } from './profile-landing.server';
import type { Route } from './+types/landing';

export async function loader(args: Route.LoaderArgs) {
  return loadLandingTarget(args);
}

export const shouldRevalidate = revalidateForAnotherMember;

export function meta({ data, matches }: Route.MetaArgs) {
  return landingMeta(data?.target.name, matches[0]?.data?.settings.name);
}

/** `/members/{id}/landing` — one member's photo, big, and the sign-up to meet them beside it. */
export default function ProfileLanding() {
  const { t } = useTranslation();
  const { target, isFictional } = useLoaderData<typeof loader>();
  return (
    <div className="pl-hero pl-fill">
      <div className="container py-4 py-lg-5">
        <div className="row g-4 g-lg-5 align-items-start">
          <div className="col-lg-6">
            <figure className="pl-hero__figure mb-0">
              <ProfilePhoto profile={target} priority className="pl-hero__photo" />
              <figcaption className="pl-hero__caption">
                <span className="fs-3 fw-bold">{target.name}</span>
                <span className="fs-5">, {target.age}</span>
                {target.city && <span className="d-block small opacity-75">{target.city}</span>}
                {isFictional && <FictionalBadge className="mt-1" />}
              </figcaption>
            </figure>
          </div>
          <div className="col-lg-6">
            <h1 className="display-6 fw-bold text-white">{t('profile_landing.wants_to_meet', { name: target.name })}</h1>
            <p className="lead text-white mb-3">{t('profile_landing.hero_lead', { name: target.name })}</p>
            <LandingPromises className="mb-4" />
            <LandingSignup target={target} />
          </div>
        </div>
      </div>
    </div>
  );
}
