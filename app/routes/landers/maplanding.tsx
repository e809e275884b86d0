import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { SignupButton } from '../../components/landers/SignupButton';
import { MapHeroArt } from '../../components/landers/maplanding/MapHeroArt';
import { buildMapRegions } from '../../components/landers/maplanding/map-regions';
import { RegionMap } from '../../components/landers/maplanding/RegionMap';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/maplanding';
import stylesHref from '../../styles/landers/pages/maplanding.scss?url';
import { regionName } from '../../lib/region-names';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** The deck's most: faces for the busiest regions of the visitor's country. */
const DECK_SIZE = 48;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { cards, title, description } = await loadLander(context, 'maplanding', params.slug, DECK_SIZE);
  const counts = await context.regionCounts();
  const { populated, quiet } = buildMapRegions(counts, cards);
  const countryName = regionName(context.language, counts.country);
  // Only the faces placed on the map go to the page (`cards` stays on the server).
  return { title, description, countryName, regionWord: counts.region_word, total: counts.total, populated, quiet };
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/**
 * `/landers/maplanding/{slug?}` — the site's members on a map of the visitor's country, region
 * by region: how many live in each and a few of their faces; never a place finer than a region.
 */
export default function MapLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { countryName, regionWord, total, populated, quiet } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="map-hero">
        <div className="container py-4 py-md-5 d-flex align-items-center gap-4">
          <div className="flex-grow-1">
            <p className="text-uppercase small fw-semibold mb-1 map-hero__eyebrow">{settings.name}</p>
            <h1 className="h2 fw-bold mb-2">{total ? t('landers.maplanding.title') : t('landers.maplanding.empty_title')}</h1>
            <p className="mb-3 map-hero__lead">{t('landers.maplanding.lead')}</p>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <SignupButton className="btn btn-light fw-semibold">{t('landers.maplanding.cta')}</SignupButton>
              {total > 0 && <span className="map-hero__total">{t('landers.maplanding.total', { country: countryName, count: total })}</span>}
            </div>
          </div>
          <MapHeroArt />
        </div>
      </section>
      <div className="container py-4 py-md-5">
        <RegionMap populated={populated} quiet={quiet} regionWord={regionWord} countryName={countryName} />
        <p className="small text-body-secondary mt-4 mb-0 d-flex gap-2 align-items-start">
          <LockIcon />
          {t('landers.maplanding.privacy_note')}
        </p>
      </div>
    </>
  );
}

function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className="flex-shrink-0 mt-1">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
      />
    </svg>
  );
}
