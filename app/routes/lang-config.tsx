import { useTranslation } from '../lib/use-translation';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';
import { chooseLanguage } from '../lib/language';
import { useRootData } from '../root';

/** Only same-site paths may be returned to after choosing. */
function safeReturnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** `/lang-config`: a full-page language choice, e.g. for the installed app's first start or a member's settings. */
export default function LanguageConfig() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { user } = useRootData();

  const choose = async (language: Language) => {
    // A member's choice is saved with the account too (spec §4), not only in this browser.
    await chooseLanguage(language, { signedIn: !!user });
    await revalidator.revalidate();
    navigate(safeReturnPath(params.get('redirect')));
  };

  return (
    <div className="container py-5" style={{ maxWidth: 540 }}>
      <h1 className="h3 mb-4">{t('lang_config.title')}</h1>
      <div className="list-group">
        {SUPPORTED_LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            className={`list-group-item list-group-item-action d-flex justify-content-between ${language === i18n.language ? 'active' : ''}`}
            aria-current={language === i18n.language}
            onClick={() => void choose(language)}
          >
            <span>{LANGUAGE_NAMES[language]}</span>
            <span className="text-uppercase small">{language}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
