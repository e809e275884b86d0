import type { TFunction } from 'i18next';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { ProfileCard as Card } from '../../../contract/profiles';
import { distanceUnitOf, inUnit, type DistanceUnit } from '../../../contract/distance-units';
import { photoUrl } from '../../lib/media';
import { useRootData, type RootData } from '../../root';
import { FictionalLabel } from './FictionalBadge';
import { MatchMark } from './MatchMark';
import { OnlineMark } from './OnlineDot';

/** Thumbnails are 320 px squares; full photos at most 1280 px (server/domain/photos). */
const THUMB_WIDTH = 320;
const FULL_WIDTH = 1280;
/** How wide a card's photo is drawn in the grid below (2, 3, 4 then 5 columns). */
const GRID_SIZES = '(min-width: 768px) 240px, 50vw';
/** Cards in the first rows of a phone's screen load at once; the rest when scrolled near. */
export const EAGER_CARDS = 4;
/** The first row on a phone holds the page's largest image: it goes ahead of scripts. */
export const PRIORITY_CARDS = 2;

/**
 * A member in a grid (issue 19): a large photo (the browser picks the thumbnail or the full
 * photo for the card's width), the online dot, name, age, city and how far away they live.
 */
export function ProfileCard({
  profile,
  eager = false,
  priority = false,
  t,
  settings,
  unit = 'km',
  matched = false,
}: { profile: Card; eager?: boolean; priority?: boolean; matched?: boolean } & CardTexts) {
  const image = profile.main_image;
  const place = profile.city ?? profile.country;
  return (
    <article className="card h-100 profile-card">
      <Link to={`/members/${profile.id}`} className="profile-card__link">
        {image ? (
          // A <picture>, not a <div>: React's server render adds a <link rel="preload"> to the
          // page's head for every eager <img> outside one, which repeated each card's srcset
          // (~260 bytes a card, issue 20); the <img> and its fetchPriority already are in the
          // first bytes of the page.
          <picture className="profile-card__photo">
            <img
              src={photoUrl(image.thumb_filename, settings.cdn_prefix)}
              srcSet={`${photoUrl(image.thumb_filename, settings.cdn_prefix)} ${THUMB_WIDTH}w, ${photoUrl(image.filename, settings.cdn_prefix)} ${FULL_WIDTH}w`}
              sizes={GRID_SIZES}
              width={THUMB_WIDTH}
              height={(THUMB_WIDTH * 5) / 4}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          </picture>
        ) : (
          <div className="profile-card__photo d-flex align-items-center justify-content-center text-body-secondary">{t('profile.no_photo')}</div>
        )}
        <div className="card-body p-2">
          <h3 className="h6 profile-card__name">
            {profile.is_online && <OnlineMark label={t('photo_first.online')} className="flex-shrink-0" />}
            <span>{`${profile.name}, ${profile.age}`}</span>
          </h3>
          <p className="profile-card__place">
            {place}
            {profile.distance_km !== undefined && (
              // One text node: React marks the seam between two with `<!-- -->` in the HTML, on every card.
              <span>{` · ${t(unit === 'mi' ? 'photo_first.mi_away' : 'photo_first.km_away', { distance: inUnit(profile.distance_km, unit) })}`}</span>
            )}
          </p>
          {profile.is_fictional && <FictionalLabel t={t} settings={settings} className="mt-1" />}
        </div>
      </Link>
      {/* Beside the card's link, over its photo's corner: a link inside a link is not allowed. */}
      {matched && <MatchMark profileId={profile.id} t={t} className="position-absolute top-0 end-0 m-2" />}
    </article>
  );
}

/**
 * What every card of a grid reads from React context, looked up once by the grid: a
 * `useTranslation` call copies the i18n instance on a server render, and a page of cards
 * made twenty of them (issue 20).
 */
export interface CardTexts {
  t: TFunction;
  settings: RootData['settings'];
  /** Distances in the viewing member's unit: miles in the US and GB (ADR 0067). */
  unit?: DistanceUnit;
}

export function useCardTexts(): CardTexts {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  return { t, settings, unit: distanceUnitOf(user?.profile.country) };
}

/** `matchedIds`: the members who like the viewer back; their cards carry the match mark. */
export function ProfileGrid({ profiles, eagerCount = 0, matchedIds = [] }: { profiles: Card[]; eagerCount?: number; matchedIds?: readonly number[] }) {
  const texts = useCardTexts();
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-3">
      {profiles.map((profile, index) => (
        <div className="col" key={profile.id}>
          <ProfileCard profile={profile} eager={index < eagerCount} matched={matchedIds.includes(profile.id)} {...texts} />
        </div>
      ))}
    </div>
  );
}
