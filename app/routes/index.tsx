import { useTranslation } from '../lib/use-translation';
import { redirect, useLoaderData } from 'react-router';
import { Link } from '../components/ui/links';
import type { Route } from './+types/index';
import { HOME_MOSAIC_SIZE, MemberMosaic } from '../components/landers/MemberMosaic';
import { SocialProofBar } from '../components/landers/SocialProofBar';
import { withCountryName } from '../lib/social-proof';
import { useRootData } from '../root';
import { useSignupModal } from '../state/signup-modal';

/**
 * The site's faces and figures (issue 19): the same for every visitor of a country, so the page
 * can be cached; both are small (a dozen cards, three counts) to keep the page light.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // A member opening the site (the installed app starts here too) is home at their search, not at the sign-up.
  if (context.user) throw redirect('/members');
  const [cards, proof] = await Promise.all([context.visitorDeck(HOME_MOSAIC_SIZE), context.socialProof()]);
  // A tile shows a face, a name and an age: where each member lives stays off the page (issue 20's 20 KB).
  return { cards: cards.map((card) => ({ ...card, region: null, city: null })), proof: withCountryName(proof, context.language) };
}

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.data?.settings;
  if (!settings) return [];
  return [{ title: settings.index_title || settings.name }, { name: 'description', content: settings.description }];
}

const HIGHLIGHTS = ['search', 'chat', 'safe'] as const;

/** The landing page: the brand, its members' faces and figures, what the site is about, and the way in. */
export default function Index() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards, proof } = useLoaderData<typeof loader>();
  const openSignup = useSignupModal((state) => state.open);
  return (
    <>
      <section className="hero py-4 py-lg-5">
        <div className="container py-lg-4 home-hero">
          <div className="home-hero__words">
            <p className="text-uppercase small fw-semibold mb-2 opacity-75">{settings.name}</p>
            <h1 className="display-5 fw-bold">{settings.index_title || t('landing.title', { site_name: settings.name })}</h1>
            <p className="lead">{settings.description || t('landing.description')}</p>
            <div className="d-flex flex-wrap gap-2 mt-4">
              <Link
                className="btn btn-light btn-lg fw-semibold"
                to="/signup"
                onClick={(event) => {
                  // With JavaScript the sign-up opens in place; without, the link leads to /signup.
                  event.preventDefault();
                  openSignup();
                }}
              >
                {t('landing.cta_signup')}
              </Link>
              <Link className="btn btn-outline-light btn-lg" to="/login">
                {t('landing.cta_login')}
              </Link>
            </div>
            <SocialProofBar proof={proof} className="mt-4" />
          </div>
          {cards.length > 0 && (
            <div className="home-hero__faces">
              <h2 className="visually-hidden">{t('photo_first.mosaic_title', { site_name: settings.name })}</h2>
              <MemberMosaic cards={cards} />
            </div>
          )}
        </div>
      </section>
      <section className="container py-5">
        <h2 className="h4 mb-4">{t('landing.how_it_works')}</h2>
        <div className="row g-4">
          {HIGHLIGHTS.map((key) => (
            <div className="col-md-4" key={key}>
              <h3 className="h5">{t(`landing.highlights.${key}.title`)}</h3>
              <p className="mb-0">
                {t(`landing.highlights.${key}.text`, {
                  site_name: settings.name,
                })}
              </p>
            </div>
          ))}
        </div>
        <p className="small text-body-secondary mt-4 mb-0">{t('landing.adults_only', { min_age: 18 })}</p>
      </section>
    </>
  );
}
