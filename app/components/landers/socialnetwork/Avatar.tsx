import type { ProfileCard } from '../../../../contract/profiles';
import { photoUrl } from '../../../lib/media';
import { useRootData } from '../../../root';

/** A member's round thumbnail in the feed. */
export function Avatar({ card, size }: { card: ProfileCard; size: number }) {
  const { settings } = useRootData();
  if (!card.main_image) return <span className="social-avatar social-avatar--empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <img
      className="social-avatar"
      src={photoUrl(card.main_image.thumb_filename, settings.cdn_prefix)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The visitor's own, still empty, avatar: a silhouette in the brand's colours. */
export function EmptyAvatar({ size }: { size: number }) {
  return (
    <svg className="social-avatar social-avatar--you" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" />
      <circle cx="20" cy="16" r="7" fill="#fff" />
      <path d="M7 34c2-7 8-10 13-10s11 3 13 10" fill="#fff" />
    </svg>
  );
}
