import type { ProfileTeaser } from '../../../contract/accounts';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';

/**
 * A member's main photo filling its box, or their initial on the brand's colours when they
 * have none approved: a landing must look finished for every member it can be about.
 */
export function ProfilePhoto({
  profile,
  thumb = false,
  className = '',
  priority = false,
}: {
  profile: Pick<ProfileTeaser, 'name' | 'main_image'>;
  thumb?: boolean;
  className?: string;
  priority?: boolean;
}) {
  const { settings } = useRootData();
  const image = profile.main_image;
  if (!image) {
    return (
      <div className={`pl-photo pl-photo--initial ${className}`} aria-hidden="true">
        {Array.from(profile.name)[0]?.toLocaleUpperCase()}
      </div>
    );
  }
  return (
    <img
      className={`pl-photo ${className}`}
      src={photoUrl(thumb ? image.thumb_filename : image.filename, settings.cdn_prefix)}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
