import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { User } from '../../../contract/accounts';
import { api } from '../../lib/api-client';
import { showAppBadge } from '../../lib/app-badge';
import { photoUrl } from '../../lib/media';
import { usePush } from '../../state/push';

/** The account dropdown: photo and name; my profile, settings, transactions, log out (spec §2). */
export function MemberMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const logout = async () => {
    // Before the session ends: the server forgets this device's pushes while it still knows whose they are.
    await usePush.getState().detach();
    await api('logout.php').catch(() => {});
    showAppBadge(0);
    await revalidator.revalidate();
    navigate('/');
  };
  const image = user.profile.main_image;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="outline-light" size="sm" id="member-menu" className="d-flex align-items-center gap-2">
        {image ? (
          <img src={photoUrl(image.thumb_filename)} alt="" width={24} height={24} className="rounded-circle object-fit-cover" />
        ) : (
          <span className="rounded-circle bg-secondary d-inline-block" style={{ width: 24, height: 24 }} aria-hidden="true" />
        )}
        <span className="d-none d-lg-inline text-truncate app-navbar__name">{user.profile.name}</span>
        <span className="visually-hidden">{t('nav.account')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to="/profile">
          {t('nav.my_profile')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/notifications">
          {t('nav.settings')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/transactions">
          {t('nav.transactions')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void logout()}>
          {t('nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
