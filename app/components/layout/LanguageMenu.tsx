import { lazy } from 'react';
import { LanguageToggleLabel } from './LanguageToggleLabel';
import { MenuOnDemand } from './MenuOnDemand';

const loadLanguageDropdown = () => import('./LanguageDropdown');
const LanguageDropdown = lazy(loadLanguageDropdown);

/** The top bar's language switch, its dropdown loaded on first use (see `MenuOnDemand`). */
export function LanguageMenu({ align = 'end' }: { align?: 'start' | 'end' }) {
  return <MenuOnDemand id="language-dropdown" toggle={<LanguageToggleLabel />} menu={LanguageDropdown} preload={loadLanguageDropdown} menuProps={{ align }} />;
}
