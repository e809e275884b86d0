import { useTranslation } from 'react-i18next';
import { NEARBY_COUNT_CAP, type SocialProof } from '../../../contract/social-proof';
import { regionName } from '../../lib/region-names';

/**
 * The site's real figures above its faces (issue 19): members online now, new today and in the
 * visitor's country. A figure of 0 is left out rather than shown: it tells a visitor nothing.
 * Numbers and the country's name come from the browser's own tables, in the page's language.
 */
export function SocialProofBar({ proof, className = '' }: { proof: SocialProof; className?: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const countryName = regionName(i18n.language, proof.country);
  const figures = [
    { key: 'online', value: proof.online_now, label: t('photo_first.proof.online_now'), live: true },
    { key: 'new', value: proof.new_today, label: t('photo_first.proof.new_today'), live: false },
    { key: 'nearby', value: proof.nearby, label: t('photo_first.proof.nearby', { country: countryName }), live: false },
  ].filter((figure) => figure.value > 0);
  if (!figures.length) return null;
  return (
    <ul className={`social-proof list-unstyled d-flex flex-wrap gap-2 mb-0 ${className}`} aria-label={t('photo_first.proof.label')} data-testid="social-proof">
      {figures.map((figure) => (
        <li key={figure.key} className="social-proof__item" data-testid={`social-proof-${figure.key}`}>
          {figure.live && <span className="online-dot online-dot--pulse me-1" aria-hidden="true" />}
          <strong className="social-proof__value">{figure.key === 'nearby' && figure.value >= NEARBY_COUNT_CAP ? `${number.format(NEARBY_COUNT_CAP)}+` : number.format(figure.value)}</strong>{' '}
          <span className="social-proof__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}
