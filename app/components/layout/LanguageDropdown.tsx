import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import { api } from '../../lib/api-client';
import { storeLanguageChoice } from '../../lib/language';
import { useRootData } from '../../root';

/** Switches the interface language in place: the cookie changes and the page data reloads. */
export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const current = i18n.language as Language;

  const { user } = useRootData();

  const choose = async (language: Language) => {
    storeLanguageChoice(language);
    // Logged in, the choice is saved with the account (and used for its e-mails).
    if (user) await api('user.php', { method: 'PUT', body: { language } }).catch(() => {});
    void revalidator.revalidate();
  };

  return (
    <Dropdown align={align}>
      <Dropdown.Toggle variant="outline-light" size="sm" id="language-dropdown" aria-label={t('nav.language')}>
        {current.toUpperCase()}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Dropdown.Item
            key={language}
            as="button"
            lang={language}
            active={language === current}
            onClick={() => void choose(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
