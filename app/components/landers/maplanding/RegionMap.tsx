import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { RegionWord } from '../../../../contract/countries';
import { photoUrl } from '../../../lib/media';
import { prefersReducedMotion } from '../../../lib/use-reduced-motion';
import { useRootData } from '../../../root';
import { SignupButton } from '../SignupButton';
import type { MapRegion } from './map-regions';
import { RegionSpotlight } from './RegionSpotlight';

export interface RegionMapProps {
  populated: MapRegion[];
  quiet: Array<{ id: string; name: string }>;
  regionWord: RegionWord;
  countryName: string;
}

/**
 * The tile map: one tile per region with members, tinted by how many live there, and the
 * chosen region in the spotlight (beside the tiles on a wide screen, above them on a phone).
 * Regions nobody lives in yet follow as a list, each an invitation to be the first there.
 */
export function RegionMap({ populated, quiet, regionWord, countryName }: RegionMapProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [selectedId, setSelectedId] = useState(populated[0]?.id ?? null);
  const spotlight = useRef<HTMLDivElement>(null);
  const selected = populated.find((region) => region.id === selectedId) ?? null;
  const busiest = Math.max(1, ...populated.map((region) => region.count));

  const select = (id: string) => {
    setSelectedId(id);
    // On a phone the spotlight sits above the tiles: bring it into view when it is out of sight.
    const box = spotlight.current?.getBoundingClientRect();
    if (box && box.top < 0) {
      spotlight.current?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }
  };

  return (
    <div className="row g-4">
      <div className="col-lg-5 order-lg-2">
        <div className="map-spotlight-frame" ref={spotlight}>
          <RegionSpotlight region={selected} regionWord={regionWord} countryName={countryName} />
        </div>
      </div>
      <div className="col-lg-7">
        {populated.length > 0 && (
          <>
            <h2 className="h4 mb-3">{t(`landers.maplanding.per_word.${regionWord}`)}</h2>
            <ul className="map-tiles list-unstyled mb-4" data-testid="map-tiles">
              {populated.map((region) => (
                <li key={region.id}>
                  <button
                    type="button"
                    className="map-tile"
                    aria-pressed={region.id === selectedId}
                    style={{ '--heat': (region.count / busiest).toFixed(2) } as React.CSSProperties}
                    onClick={() => select(region.id)}
                  >
                    <span className="map-tile__name">{region.name}</span>
                    <span className="map-tile__count">
                      <PersonIcon />
                      <span aria-hidden="true">{region.count}</span>
                      <span className="visually-hidden">{t('landers.maplanding.count_label', { count: region.count })}</span>
                    </span>
                    <span className="map-tile__faces" aria-hidden="true">
                      {region.faces.slice(0, 3).map((face) => (
                        <img
                          key={face.id}
                          src={photoUrl(face.main_image!.thumb_filename, settings.cdn_prefix)}
                          alt=""
                          width="28"
                          height="28"
                          loading="lazy"
                          decoding="async"
                        />
                      ))}
                    </span>
                    <span className="map-tile__heat" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {quiet.length > 0 && (
          <section aria-labelledby="map-quiet-title">
            <h2 className="h6 mb-2" id="map-quiet-title">
              {t('landers.maplanding.quiet_regions')}
            </h2>
            <ul className="map-chips list-unstyled mb-0">
              {quiet.map((region) => (
                <li key={region.id}>
                  <SignupButton className="map-chip" label={t('landers.maplanding.empty_region', { region: region.name })}>
                    {region.name}
                  </SignupButton>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

export function PersonIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 1c-3 0-6 1.5-6 4v1h12v-1c0-2.5-3-4-6-4Z" />
    </svg>
  );
}
