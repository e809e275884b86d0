import { useTranslation } from '../../lib/use-translation';
import type { NamedSocialProof } from '../../../contract/social-proof';

/**
 * The site's real figures above its faces (issue 19): members online now, new today and in the
 * visitor's country. A figure of 0 is left out rather than shown: it tells a visitor nothing.
 * The figures and the country's name come written out in the page's language from the server,
 * so hydrating the bar loads none of the browser's number or region tables.
 */
export function SocialProofBar({ proof, className = '' }: { proof: NamedSocialProof; className?: string }) {
  const { t } = useTranslation();
  const figures = [
    { key: 'online', value: proof.online_now, written: proof.written.online_now, label: t('photo_first.proof.online_now'), live: true },
    { key: 'new', value: proof.new_today, written: proof.written.new_today, label: t('photo_first.proof.new_today'), live: false },
    { key: 'nearby', value: proof.nearby, written: proof.written.nearby, label: t('photo_first.proof.nearby', { country: proof.country_name }), live: false },
  ].filter((figure) => figure.value > 0);
  if (!figures.length) return null;
  return (
    <ul className={`social-proof list-unstyled d-flex flex-wrap gap-2 mb-0 ${className}`} aria-label={t('photo_first.proof.label')} data-testid="social-proof">
      {figures.map((figure) => (
        <li key={figure.key} className="social-proof__item" data-testid={`social-proof-${figure.key}`}>
          {figure.live && <span className="online-dot online-dot--pulse me-1" aria-hidden="true" />}
          <strong className="social-proof__value">{figure.written}</strong> <span className="social-proof__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}
