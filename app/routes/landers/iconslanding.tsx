import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { ClosingCall } from '../../components/landers/ClosingCall';
import { FEATURES, FeatureIcon } from '../../components/landers/FeatureIcon';
import { MemberStrip } from '../../components/landers/MemberStrip';
import { NoMembersYet } from '../../components/landers/NoMembersYet';
import { SignupButton } from '../../components/landers/SignupButton';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/iconslanding';
import stylesHref from '../../styles/landers/pages/iconslanding.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** Two full rows at 6 columns (wide), 4 (tablet) and 3 (phone). */
const STRIP_SIZE = 12;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'iconslanding', params.slug, STRIP_SIZE);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/** `/landers/iconslanding/{slug?}` — what the site offers, one drawing per feature, then a strip of its members. */
export default function IconsLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero py-5">
        <div className="container text-center" style={{ maxWidth: 760 }}>
          <p className="text-uppercase small fw-semibold mb-2 lander-hero__eyebrow">{settings.name}</p>
          <h1 className="display-6 fw-bold">{t('landers.iconslanding.title', { site_name: settings.name })}</h1>
          <p className="lead mb-4">{t('landers.iconslanding.lead')}</p>
          <SignupButton className="btn btn-light btn-lg fw-semibold px-4" />
        </div>
      </section>
      <section className="container py-5">
        <h2 className="visually-hidden">{t('landers.iconslanding.features_title')}</h2>
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4 mb-0">
          {FEATURES.map((feature) => (
            <li className="col" key={feature}>
              <div className="feature-tile d-flex gap-3 h-100 p-3 rounded-4">
                <span className="feature-tile__icon flex-shrink-0">
                  <FeatureIcon feature={feature} />
                </span>
                <div>
                  <h3 className="h6 fw-bold mb-1">{t(`landers.iconslanding.features.${feature}.title`)}</h3>
                  <p className="mb-0 text-body-secondary small">{t(`landers.iconslanding.features.${feature}.text`, { site_name: settings.name })}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="member-strip py-5" aria-labelledby="icons-members-title">
        <div className="container">
          <h2 className="h4 text-center mb-4" id="icons-members-title">
            {t('landers.iconslanding.members_title')}
          </h2>
          {cards.length ? <MemberStrip cards={cards} /> : <NoMembersYet />}
        </div>
      </section>
      <ClosingCall title={t('landers.iconslanding.closing_title')} text={t('landers.iconslanding.closing_text')} />
    </>
  );
}
