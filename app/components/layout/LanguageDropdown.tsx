import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { visibleLanguages } from '../../../contract/locale-visibility';
import { LANGUAGE_NAMES, type Language } from '../../../contract/locales';
import { chooseLanguage } from '../../lib/language';
import { useRootData } from '../../root';
import { LanguageToggleLabel } from './LanguageToggleLabel';
import type { OnDemandMenuProps } from './MenuOnDemand';

/**
 * Switches the interface language in place: the cookie changes and the page data reloads. It
 * offers the languages spec §9's map gives the visitor's country (all of them elsewhere); any
 * language still works by URL and cookie, and the current one is always offered.
 */
export default function LanguageDropdown({ align = 'end', defaultShow = false }: { align?: 'start' | 'end' } & Partial<OnDemandMenuProps>) {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = i18n.language as Language;

  const { user, settings } = useRootData();
  const languages = visibleLanguages(settings.geoip_country, current);

  const choose = async (language: Language) => {
    await chooseLanguage(language, { signedIn: !!user });
    void revalidator.revalidate();
  };

  return (
    <Dropdown align={align} defaultShow={defaultShow}>
      <Dropdown.Toggle variant="outline-light" size="sm" id="language-dropdown">
        <LanguageToggleLabel />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {languages.map((language) => (
          <Dropdown.Item key={language} as="button" lang={language} active={language === current} onClick={() => void choose(language)}>
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
