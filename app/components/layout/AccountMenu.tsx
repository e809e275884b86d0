import { lazy } from 'react';
import type { User } from '../../../contract/accounts';
import { MEMBER_MENU_TOGGLE_CLASSES, MemberMenuToggleLabel } from './MemberMenuToggleLabel';
import { MenuOnDemand } from './MenuOnDemand';

const loadMemberMenu = () => import('./MemberMenu');
const MemberMenu = lazy(loadMemberMenu);

/** The top bar's account menu, its dropdown loaded on first use (see `MenuOnDemand`). */
export function AccountMenu({ user }: { user: User }) {
  return (
    <MenuOnDemand
      id="member-menu"
      className={MEMBER_MENU_TOGGLE_CLASSES}
      toggle={<MemberMenuToggleLabel user={user} />}
      menu={MemberMenu}
      preload={loadMemberMenu}
      menuProps={{ user }}
    />
  );
}
