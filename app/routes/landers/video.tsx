import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { SignupButton } from '../../components/landers/SignupButton';
import { Playlist } from '../../components/landers/video/Playlist';
import { SlideshowPlayer } from '../../components/landers/video/SlideshowPlayer';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/video';
import stylesHref from '../../styles/landers/pages/video.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** Eight slides: about half a minute of show. */
const SLIDES = 8;
const POINTS = ['photos', 'chat', 'free'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'video', params.slug, SLIDES);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/**
 * `/landers/video/{slug?}` — a "video" of the site's own members: a full-bleed slideshow of
 * their photos with a player's controls, the playlist below it and the way in. No third-party
 * player, no video file: the photos and the page's own animation.
 */
export default function VideoLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  const [index, setIndex] = useState(0);
  return (
    <>
      <h1 className="visually-hidden">{t('landers.video.title', { site_name: settings.name })}</h1>
      {cards.length > 0 ? (
        <SlideshowPlayer cards={cards} index={index} onIndex={setIndex} />
      ) : (
        <section className="video-poster">
          <div className="container text-center">
            <p className="h2 fw-bold mb-2">{t('landers.video.poster_title')}</p>
            <p className="mb-4">{t('landers.video.lead')}</p>
            <SignupButton className="btn btn-light btn-lg fw-semibold">{t('landers.video.cta')}</SignupButton>
          </div>
        </section>
      )}
      {cards.length > 1 && <Playlist cards={cards} index={index} onIndex={setIndex} />}
      <section className="container py-4 py-md-5">
        <div className="row g-3 g-md-4 align-items-center">
          <div className="col-lg-5">
            <h2 className="h3 fw-bold mb-2">{t('landers.video.closing_title')}</h2>
            <p className="mb-3 text-body-secondary">{t('landers.video.lead')}</p>
            <SignupButton className="btn btn-primary btn-lg fw-semibold">{t('landers.video.cta')}</SignupButton>
          </div>
          <div className="col-lg-7">
            <ul className="video-points list-unstyled mb-0">
              {POINTS.map((point) => (
                <li key={point}>
                  <span className="video-points__mark" aria-hidden="true">
                    ✓
                  </span>
                  {t(`landers.video.points.${point}`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
