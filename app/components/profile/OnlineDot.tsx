import { useTranslation } from 'react-i18next';

/**
 * The green dot of a member who has the site open now (issue 19). It names itself for screen
 * readers unless the text beside it already says so (`decorative`).
 */
export function OnlineDot({ className = '', decorative = false }: { className?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  if (decorative) return <span className={`online-dot ${className}`} aria-hidden="true" />;
  return (
    <span className={`online-dot ${className}`} role="img" aria-label={t('photo_first.online')} title={t('photo_first.online')} data-testid="online-dot" />
  );
}
