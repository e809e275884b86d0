import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { ClosingCall } from '../../components/landers/ClosingCall';
import { COLLAGE_SIZE, CollageMosaic } from '../../components/landers/CollageMosaic';
import { NoMembersYet } from '../../components/landers/NoMembersYet';
import { SignupButton } from '../../components/landers/SignupButton';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/collagelanding';
import stylesHref from '../../styles/landers/pages/collagelanding.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

const PROMISES = ['in_control', 'free', 'discreet'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'collagelanding', params.slug, COLLAGE_SIZE);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/** `/landers/collagelanding/{slug?}` — a collage of the site's members around one headline and the way in. */
export default function CollageLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  const panel = (
    <>
      <p className="text-uppercase small fw-semibold mb-2 lander-hero__eyebrow">{settings.name}</p>
      <h1 className="h2 fw-bold mb-2">{t('landers.collagelanding.title')}</h1>
      <p className="mb-3">{t('landers.collagelanding.lead')}</p>
      <SignupButton className="btn btn-light btn-lg fw-semibold w-100" />
    </>
  );
  return (
    <>
      <section className="collage-section py-3 py-md-4">
        <div className="container">
          {cards.length ? (
            <CollageMosaic cards={cards} panel={panel} />
          ) : (
            <div className="collage collage--empty">
              <div className="collage__panel">{panel}</div>
            </div>
          )}
        </div>
      </section>
      {!cards.length && (
        <section className="container py-4">
          <NoMembersYet />
        </section>
      )}
      <section className="container py-5">
        <ul className="list-unstyled row g-4 mb-0 text-center">
          {PROMISES.map((promise) => (
            <li className="col-md-4" key={promise}>
              <h2 className="h5 fw-semibold">{t(`landers.collagelanding.promises.${promise}.title`)}</h2>
              <p className="text-body-secondary mb-0">{t(`landers.collagelanding.promises.${promise}.text`, { site_name: settings.name })}</p>
            </li>
          ))}
        </ul>
      </section>
      <ClosingCall title={t('landers.collagelanding.closing_title')} text={t('landers.collagelanding.closing_text')} />
    </>
  );
}
