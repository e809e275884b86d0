import { useTranslation } from '../../lib/use-translation';
import { Link } from '../../components/ui/links';
import { FREE_SWIPE_LIKES_PER_DAY } from '../../../contract/discovery-limits';
import { CreditBalance } from '../../components/payment/CreditBalance';
import { messageCreditsFor } from '../../components/payment/ActionPrices';
import { TimeBonusCountdown } from '../../components/payment/TimeBonusCountdown';
import { useRootData } from '../../root';
import { useTimeBonus } from '../../state/time-bonus';
import type { Route } from './+types/premium';

/** Spec §1/§9: what premium changes. */
const FREE_PHOTOS = 3;
const PREMIUM_PHOTOS = 25;
const FREE_CONVERSATIONS = 2;
const HIGHER_CHANCE_PERCENT = 46;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: matches[0]?.data?.settings.name ?? '' }];
}

function TimeBonusNotice() {
  const { t } = useTranslation();
  const isVisible = useTimeBonus((state) => state.isVisible);
  const percentage = useTimeBonus((state) => state.discountcode?.value_percentage ?? 25);
  if (!isVisible) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap justify-content-between gap-2" data-testid="premium-time-bonus">
      <strong>{t('time_bonus.title', { percentage })}</strong>
      <TimeBonusCountdown />
    </div>
  );
}

/** `/premium` — the premium package overview (spec §1, §2): what a first credit purchase unlocks. */
export default function Premium() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  const messageCredits = messageCreditsFor(settings, user?.profile.country || settings.geoip_selected_country);
  const benefits = [
    t('premium.benefit_photos'),
    t('premium.benefit_upload', { premium: PREMIUM_PHOTOS, free: FREE_PHOTOS }),
    t('premium.benefit_conversations', { free: FREE_CONVERSATIONS }),
    t('premium.benefit_swipe', { free: FREE_SWIPE_LIKES_PER_DAY }),
    t('premium.benefit_chance', { percentage: HIGHER_CHANCE_PERCENT }),
    t('premium.benefit_no_subscription', { number: messageCredits }),
  ];
  return (
    <div className="container py-4" style={{ maxWidth: 760 }}>
      <h1 className="h3 mb-3">{t('premium.title')}</h1>
      {user?.paid_user ? (
        <div className="alert alert-success" data-testid="premium-active">
          <p className="fw-bold mb-1">{t('premium.you_are_premium')}</p>
          <CreditBalance />
        </div>
      ) : (
        <>
          <p className="lead">{t('premium.intro', { site_name: settings.name })}</p>
          {user && <TimeBonusNotice />}
        </>
      )}
      <section className="card mb-4" aria-labelledby="premium-benefits">
        <div className="card-body">
          <h2 className="h5 card-title" id="premium-benefits">
            {t('premium.benefits_title')}
          </h2>
          <ul className="mb-0">
            {benefits.map((benefit) => (
              <li key={benefit} className="mb-1">
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="d-flex flex-wrap gap-2">
        {user ? (
          <Link className="btn btn-primary" to="/credits">
            {user.paid_user ? t('premium.buy_more') : t('premium.cta')}
          </Link>
        ) : (
          <Link className="btn btn-primary" to="/signup">
            {t('premium.sign_up')}
          </Link>
        )}
        <Link className="btn btn-outline-secondary" to="/pricing">
          {t('premium.see_pricing')}
        </Link>
      </div>
    </div>
  );
}
