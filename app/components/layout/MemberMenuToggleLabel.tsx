import { useTranslation } from '../../lib/use-translation';
import type { User } from '../../../contract/accounts';
import { photoUrl } from '../../lib/media';

export const MEMBER_MENU_TOGGLE_CLASSES = 'd-flex align-items-center gap-2';

/** What the account button shows: the member's photo and name. */
export function MemberMenuToggleLabel({ user }: { user: User }) {
  const { t } = useTranslation();
  const image = user.profile.main_image;
  return (
    <>
      {/* Lazy: a 24 px avatar needs no preload of its own in every member page's head (issue 20). */}
      {image ? (
        <img src={photoUrl(image.thumb_filename)} alt="" width={24} height={24} loading="lazy" className="rounded-circle object-fit-cover" />
      ) : (
        <span className="rounded-circle bg-secondary d-inline-block" style={{ width: 24, height: 24 }} aria-hidden="true" />
      )}
      <span className="d-none d-lg-inline text-truncate app-navbar__name">{user.profile.name}</span>
      <span className="visually-hidden">{t('nav.account')}</span>
    </>
  );
}
