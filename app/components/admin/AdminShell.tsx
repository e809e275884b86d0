import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { NavLink } from '../ui/links';
import { hasPermission } from '../../../contract/admin/roles';
import type { StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { ConsoleLanguagePicker } from './ConsoleLanguagePicker';
import { CONSOLE_SECTIONS } from './console-sections';

/** The console around a page: brand, the sections the role may open, who is signed in, their console language, sign out. */
export function AdminShell({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  const { t } = useTranslation();
  const sections = CONSOLE_SECTIONS.filter((section) => !section.permission || hasPermission(staff.role, section.permission));
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the sections scroll sideways: keep the open one in view.
  useEffect(() => {
    nav.current?.querySelector('.nav-link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const signOut = async () => {
    await api('/api/admin/session', { method: 'DELETE' }).catch(() => undefined);
    window.location.assign('/admin');
  };
  return (
    <div className="admin-shell">
      <a className="visually-hidden-focusable" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <header className="admin-topbar navbar navbar-dark px-3">
        <span className="navbar-brand fw-bold mb-0 h1 fs-5">{t('brand')}</span>
        <div className="d-flex flex-wrap align-items-center gap-2 text-white small">
          <span data-testid="console-identity">{t('nav.signed_in_as', { name: staff.name || staff.email, role: t(`roles.${staff.role}`) })}</span>
          <ConsoleLanguagePicker staff={staff} />
          <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void signOut()}>
            {t('nav.sign_out')}
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav ref={nav} className="admin-nav" aria-label={t('nav.label')}>
          <ul className="nav flex-column">
            {sections.map((section) => (
              <li className="nav-item" key={section.path}>
                <NavLink end={section.path === '/admin'} to={section.path} className={({ isActive }) => `nav-link ${isActive ? 'active' : ''}`}>
                  {t(section.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="admin-main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
