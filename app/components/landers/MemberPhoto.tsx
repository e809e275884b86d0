import type { ProfileCard } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';

/** Thumbnails are square crops of this side (server/domain/photos: THUMB_SIDE). */
const THUMB_SIDE = 320;
/** From this width up (Bootstrap's lg), a `large` tile is drawn bigger than the thumbnail. */
const WIDE_SCREEN = '(min-width: 992px)';

/**
 * A member's approved main photo on a lander: always with its size, so nothing moves while it
 * loads, lazy unless it is in the first screen. A `large` tile gets the full photo on wide
 * screens only: phones keep the small thumbnail, which keeps a lander fast on a mobile network.
 */
export function MemberPhoto({
  card,
  eager = false,
  large = false,
  className = '',
}: {
  card: ProfileCard;
  eager?: boolean;
  large?: boolean;
  className?: string;
}) {
  const { settings } = useRootData();
  const image = card.main_image;
  if (!image) return null;
  const img = (
    <img
      src={photoUrl(image.thumb_filename, settings.cdn_prefix)}
      width={THUMB_SIDE}
      height={THUMB_SIDE}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-fit-cover ${className}`}
    />
  );
  if (!large) return img;
  return (
    <picture>
      <source media={WIDE_SCREEN} srcSet={photoUrl(image.filename, settings.cdn_prefix)} />
      {img}
    </picture>
  );
}
