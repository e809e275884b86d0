import { useTranslation } from '../../lib/use-translation';

/** What the language button shows: the current language's code, spoken with its purpose. */
export function LanguageToggleLabel() {
  const { t, i18n } = useTranslation();
  return (
    <>
      {/* The spoken name holds the visible code (WCAG 2.5.3: label in name). */}
      <span className="visually-hidden">{t('nav.language')}: </span>
      {i18n.language.toUpperCase()}
    </>
  );
}
