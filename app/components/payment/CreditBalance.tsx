import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';
import { useCredits } from '../../state/counters';

/** The member's balance, kept live by the socket like the nav's badge. */
export function CreditBalance() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const credits = useCredits(user?.credits ?? 0);
  if (!user) return null;
  return (
    <p className="mb-0" data-testid="credit-balance">
      {t('credits.balance', { number: credits })}
    </p>
  );
}
