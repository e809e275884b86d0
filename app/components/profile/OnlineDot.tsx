import { useTranslation } from '../../lib/use-translation';

/**
 * The green dot of a member who has the site open now (issue 19). It names itself for screen
 * readers unless the text beside it already says so (`decorative`).
 */
export function OnlineDot({ className = '', decorative = false }: { className?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  if (decorative) return <span className={`online-dot ${className}`} aria-hidden="true" />;
  return <OnlineMark label={t('photo_first.online')} className={className} />;
}

/** The named dot without hooks of its own, for lists that draw it many times (issue 20). */
export function OnlineMark({ label, className = '' }: { label: string; className?: string }) {
  return <span className={`online-dot ${className}`} role="img" aria-label={label} title={label} data-testid="online-dot" />;
}
