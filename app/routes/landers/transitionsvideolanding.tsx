import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { SignupButton } from '../../components/landers/SignupButton';
import { buildScenes } from '../../components/landers/transitionsvideolanding/reel-scenes';
import { TransitionReel } from '../../components/landers/transitionsvideolanding/TransitionReel';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/transitionsvideolanding';
import stylesHref from '../../styles/landers/pages/transitionsvideolanding.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** Two faces after each of the three taglines. */
const FACES = 6;
const STEPS = ['one', 'two', 'three'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'transitionsvideolanding', params.slug, FACES);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/**
 * `/landers/transitionsvideolanding/{slug?}` — a short film made on the page: taglines and the
 * site's own members take turns, each entering with its own transition, ending on the way in.
 */
export default function TransitionsVideoLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  const scenes = useMemo(() => buildScenes(cards), [cards]);
  return (
    <section className="reel-page py-4 py-lg-5">
      <div className="container reel-page__grid">
        <div className="reel-page__intro">
          <p className="text-uppercase small fw-semibold mb-1 reel-page__eyebrow">{settings.name}</p>
          <h1 className="h2 fw-bold mb-2">{t('landers.transitionsvideolanding.title')}</h1>
          <p className="mb-0 reel-page__lead">{t('landers.transitionsvideolanding.lead', { site_name: settings.name })}</p>
        </div>
        <div className="reel-page__reel">
          <TransitionReel scenes={scenes} />
        </div>
        <div className="reel-page__after">
          <ol className="reel-steps list-unstyled">
            {STEPS.map((step, index) => (
              <li key={step}>
                <span className="reel-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                {t(`landers.transitionsvideolanding.steps.${step}`)}
              </li>
            ))}
          </ol>
          <SignupButton className="btn btn-light btn-lg fw-semibold">{t('landers.transitionsvideolanding.cta')}</SignupButton>
        </div>
      </div>
    </section>
  );
}
