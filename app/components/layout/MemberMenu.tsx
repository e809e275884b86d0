import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import type { User } from '../../../contract/accounts';
import { api } from '../../lib/api-client';
import { showAppBadge } from '../../lib/app-badge';
import { usePush } from '../../state/push';
import { MEMBER_MENU_TOGGLE_CLASSES, MemberMenuToggleLabel } from './MemberMenuToggleLabel';
import type { OnDemandMenuProps } from './MenuOnDemand';

/** The account dropdown: photo and name; my profile, settings, transactions, log out (spec §2). Loaded on demand by `AccountMenu`. */
export default function MemberMenu({ user, defaultShow = false }: { user: User } & Partial<OnDemandMenuProps>) {
  const { t } = useTranslation();
  const logout = async () => {
    // Before the session ends: the server forgets this device's pushes while it still knows whose they are.
    await usePush.getState().detach();
    await api('logout.php').catch(() => {});
    showAppBadge(0);
    // A new document rather than a revalidation and a navigation: that pair loaded the page the
    // member was on again as a visitor (a search on /members) before the home page, and left the
    // member's stores and socket in the tab. Now nothing of them stays, and home loads once.
    window.location.assign('/');
  };
  return (
    <Dropdown align="end" defaultShow={defaultShow}>
      <Dropdown.Toggle variant="outline-light" size="sm" id="member-menu" className={MEMBER_MENU_TOGGLE_CLASSES}>
        <MemberMenuToggleLabel user={user} />
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
