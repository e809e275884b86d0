import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import type { StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/**
 * The signed-in staff member's console language (issue 32). Saved on their account (and
 * audited), then the console reloads its data and texts in it. Every language is offered by
 * its own name; one without console texts yet shows the console in English.
 */
export function ConsoleLanguagePicker({ staff }: { staff: StaffMember }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const save = useApiAction((language: Language) => api(`/api/admin/me/language`, { method: 'PUT', body: { language }, retries: 0 }));
  const choose = async (language: Language) => {
    if ((await save.run(language)) !== undefined) await revalidator.revalidate();
  };
  return (
    <label className="d-flex align-items-center gap-2 mb-0">
      <span>{t('nav.console_language')}</span>
      <select
        className="form-select form-select-sm w-auto"
        value={staff.console_language}
        disabled={save.pending || revalidator.state === 'loading'}
        onChange={(event) => void choose(event.target.value as Language)}
        data-testid="console-language"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {save.error && (
        <span className="text-warning" role="alert">
          {save.error.message}
        </span>
      )}
    </label>
  );
}
