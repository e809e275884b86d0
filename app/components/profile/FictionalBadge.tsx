import type { TFunction } from 'i18next';
import { useTranslation } from '../../lib/use-translation';
import { useRootData, type RootData } from '../../root';

/** The label every fictional profile carries, wherever it appears (spec §2, ADR 0003). */
export function FictionalBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return <FictionalLabel t={t} settings={settings} className={className} />;
}

/**
 * The same label without hooks of its own, for lists that draw it many times: each
 * `useTranslation` call copies the i18n instance on a server render (issue 20).
 */
export function FictionalLabel({
  t,
  settings,
  className = '',
}: {
  t: TFunction;
  settings: Pick<RootData['settings'], 'fictional_singular' | 'fictional_warning' | 'fictional_icon'>;
  className?: string;
}) {
  const word = settings.fictional_singular || t('profile.fictional');
  return (
    <span className={`badge bg-dark ${className}`} title={settings.fictional_warning || undefined}>
      {/* One text node after the icon: two would be marked apart by `<!-- -->` in the HTML. */}
      <span aria-hidden="true">{settings.fictional_icon || '★'}</span>
      {` ${word}`}
    </span>
  );
}
