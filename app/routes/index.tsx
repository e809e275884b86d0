import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/index';
import { useRootData } from '../root';
import { useSignupModal } from '../state/signup-modal';

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.data?.settings;
  if (!settings) return [];
  return [
    { title: settings.index_title || settings.name },
    { name: 'description', content: settings.description },
  ];
}

const HIGHLIGHTS = ['search', 'chat', 'safe'] as const;

/** The landing page: the brand, what the site is about, and the way in. */
export default function Index() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const openSignup = useSignupModal((state) => state.open);
  return (
    <>
      <section className="hero py-5">
        <div className="container py-lg-4">
          <p className="text-uppercase small fw-semibold mb-2 opacity-75">{settings.name}</p>
          <h1 className="display-5 fw-bold">{settings.index_title || t('landing.title', { site_name: settings.name })}</h1>
          <p className="lead col-lg-8">{settings.description || t('landing.description')}</p>
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
        </div>
      </section>
      <section className="container py-5">
        <h2 className="h4 mb-4">{t('landing.how_it_works')}</h2>
        <div className="row g-4">
          {HIGHLIGHTS.map((key) => (
            <div className="col-md-4" key={key}>
              <h3 className="h5">{t(`landing.highlights.${key}.title`)}</h3>
              <p className="mb-0">{t(`landing.highlights.${key}.text`, { site_name: settings.name })}</p>
            </div>
          ))}
        </div>
        <p className="small text-body-secondary mt-4 mb-0">{t('landing.adults_only', { min_age: 18 })}</p>
      </section>
    </>
  );
}
