import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';

/** The legal disclaimer under every public page: adults only, and fictional profiles named. */
export function Disclaimer() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="text-body-secondary small mb-2">
      <p className="mb-1">{t('footer.disclaimer', { site_name: settings.name, min_age: 18 })}</p>
      {settings.fictional_warning && <p className="mb-1">{settings.fictional_warning}</p>}
    </div>
  );
}
