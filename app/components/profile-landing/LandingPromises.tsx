import { useTranslation } from '../../lib/use-translation';

const PROMISES = ['free', 'private', 'fast'] as const;

/** Three short reassurances under a landing's headline. */
export function LandingPromises({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`pl-promises list-unstyled d-flex flex-wrap gap-2 mb-0 ${className}`}>
      {PROMISES.map((key) => (
        <li key={key} className="pl-promise">
          {t(`profile_landing.promises.${key}`)}
        </li>
      ))}
    </ul>
  );
}
