import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { buyCreditsPath } from '../../lib/purchase-origin';
import { Link } from '../ui/links';

/** "Buy credits" from a conversation: the purchase carries the conversation, so the success page leads back to it. */
export function BuyCreditsLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Link to={buyCreditsPath(pathname)} className={className}>
      {t('chat.buy_credits')}
    </Link>
  );
}
