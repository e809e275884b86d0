import { useTranslation } from 'react-i18next';
import { useRootData } from '../../root';

/** The label every fictional profile carries, wherever it appears (spec §2, ADR 0003). */
export function FictionalBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const word = settings.fictional_singular || t('profile.fictional');
  return (
    <span className={`badge bg-dark ${className}`} title={settings.fictional_warning || undefined}>
      <span aria-hidden="true">{settings.fictional_icon || '★'}</span> {word}
    </span>
  );
}
