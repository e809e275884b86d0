import type { ProfileCard } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';

/** Thumbnails are square crops of this side (server/domain/photos: THUMB_SIDE). */
const THUMB_SIDE = 320;

/**
 * A member's approved main photo on a lander: always with its size, so nothing moves while it
 * loads, lazy unless it is in the first screen. `large` offers the full photo to wide screens
 * where a tile is drawn bigger than the thumbnail.
 */
export function MemberPhoto({ card, eager = false, large, className = '' }: { card: ProfileCard; eager?: boolean; large?: string; className?: string }) {
  const { settings } = useRootData();
  const image = card.main_image;
  if (!image) return null;
  const thumb = photoUrl(image.thumb_filename, settings.cdn_prefix);
  return (
    <img
      src={thumb}
      srcSet={large ? `${thumb} ${THUMB_SIDE}w, ${photoUrl(image.filename, settings.cdn_prefix)} 1280w` : undefined}
      sizes={large}
      width={THUMB_SIDE}
      height={THUMB_SIDE}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-fit-cover ${className}`}
    />
  );
}
