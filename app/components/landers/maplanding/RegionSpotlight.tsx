import { useTranslation } from '../../../lib/use-translation';
import type { RegionWord } from '../../../../contract/countries';
import { photoUrl } from '../../../lib/media';
import { useRootData } from '../../../root';
import { FictionalBadge } from '../../profile/FictionalBadge';
import { SignupButton } from '../SignupButton';
import type { MapRegion } from './map-regions';
import { PersonIcon } from './RegionMap';

/**
 * The chosen region: how many members live there, a few of their faces (each a way to sign up
 * and meet them) and the call to meet the region's singles. With no region (nobody in the
 * country yet) it invites the visitor to be the first.
 */
export function RegionSpotlight({ region, regionWord, countryName }: { region: MapRegion | null; regionWord: RegionWord; countryName: string }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  if (!region) {
    return (
      <section className="map-spotlight card border-0 shadow-sm">
        <div className="card-body p-4 text-center">
          <h2 className="h4">{countryName}</h2>
          <p>{t('landers.maplanding.empty_text')}</p>
          <SignupButton className="btn btn-primary btn-lg w-100">{t('landers.maplanding.cta')}</SignupButton>
        </div>
      </section>
    );
  }
  return (
    <section className="map-spotlight card border-0 shadow-sm" aria-labelledby="map-spotlight-title" data-testid="map-spotlight">
      <div className="card-body p-3 p-md-4">
        <p className="text-uppercase small fw-semibold mb-1 map-spotlight__word">{t(`regions.word.${regionWord}`)}</p>
        <div className="d-flex align-items-baseline justify-content-between gap-2 mb-3">
          <h2 className="h4 mb-0" id="map-spotlight-title">
            {region.name}
          </h2>
          <span className="map-spotlight__count">
            <PersonIcon /> {t('landers.maplanding.count_label', { count: region.count })}
          </span>
        </div>
        {region.faces.length > 0 ? (
          <ul className="map-faces list-unstyled">
            {region.faces.map((face) => (
              <li key={face.id}>
                <SignupButton target={face} className="map-face">
                  <img src={photoUrl(face.main_image!.thumb_filename, settings.cdn_prefix)} alt="" width="160" height="160" loading="lazy" decoding="async" />
                  <span className="map-face__name">
                    {face.name}, {face.age}
                  </span>
                  {face.is_fictional && <FictionalBadge className="map-face__badge" />}
                </SignupButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">{t('landers.maplanding.no_faces')}</p>
        )}
        <SignupButton className="btn btn-primary btn-lg w-100 mt-1">{t('landers.maplanding.region_cta', { region: region.name })}</SignupButton>
      </div>
    </section>
  );
}
