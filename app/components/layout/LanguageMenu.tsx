import { lazy } from 'react';
import { LanguageToggleLabel } from './LanguageToggleLabel';
import { MenuOnDemand } from './MenuOnDemand';

const LanguageDropdown = lazy(() => import('./LanguageDropdown'));

/** The top bar's language switch, its dropdown loaded on first use (see `MenuOnDemand`). */
export function LanguageMenu({ align = 'end' }: { align?: 'start' | 'end' }) {
  return <MenuOnDemand id="language-dropdown" toggle={<LanguageToggleLabel />} menu={LanguageDropdown} menuProps={{ align }} />;
}
