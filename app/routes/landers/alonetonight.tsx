import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { AloneTonightFaces, NightSkyIcon, PinIcon } from '../../components/landers/AloneTonightFaces';
import { ClosingCall } from '../../components/landers/ClosingCall';
import { NoMembersYet } from '../../components/landers/NoMembersYet';
import { SignupButton } from '../../components/landers/SignupButton';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/alonetonight';
import stylesHref from '../../styles/landers/pages/alonetonight.scss?url';
import { useCountryName } from '../../lib/use-country-name';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** One row on a wide screen, three on a phone: a few faces, not a catalogue. */
const FACES = 6;
const STEPS = ['profile', 'browse', 'chat'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'alonetonight', params.slug, FACES);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/** `/landers/alonetonight/{slug?}` — who is alone tonight near the visitor, and a strong call to sign up. */
export default function AloneTonightLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  const countryName = useCountryName();
  // The visitor's country, when the site knows one.
  const country = /^[A-Z]{2}$/.test(settings.geoip_selected_country) ? countryName(settings.geoip_selected_country) : null;
  return (
    <>
      <section className="tonight-hero py-5">
        <div className="container">
          <div className="text-center mx-auto mb-4 mb-md-5" style={{ maxWidth: 720 }}>
            <NightSkyIcon />
            {country && (
              <p className="tonight-hero__place small fw-semibold text-uppercase mt-2 mb-1">
                <PinIcon /> {country}
              </p>
            )}
            <h1 className="display-6 fw-bold">{t('landers.alonetonight.title')}</h1>
            <p className="lead mb-4">{t('landers.alonetonight.lead')}</p>
            <SignupButton className="btn btn-primary btn-lg fw-semibold px-4 tonight-hero__cta">{t('landers.alonetonight.cta')}</SignupButton>
          </div>
          {cards.length ? <AloneTonightFaces cards={cards} /> : <NoMembersYet />}
        </div>
      </section>
      <section className="container py-5">
        <h2 className="h4 text-center mb-4">{t('landers.alonetonight.steps_title')}</h2>
        <ol className="list-unstyled row g-4 mb-0 tonight-steps">
          {STEPS.map((step, index) => (
            <li className="col-md-4 d-flex gap-3" key={step}>
              <span className="tonight-steps__number flex-shrink-0" aria-hidden="true">
                {index + 1}
              </span>
              <span>
                <span className="d-block fw-semibold">{t(`landers.alonetonight.steps.${step}.title`)}</span>
                <span className="d-block text-body-secondary">{t(`landers.alonetonight.steps.${step}.text`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <ClosingCall title={t('landers.alonetonight.closing_title')} text={t('landers.alonetonight.closing_text', { site_name: settings.name })} />
    </>
  );
}
