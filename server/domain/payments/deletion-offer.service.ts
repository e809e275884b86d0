import type { DeletionOfferResponse } from '../../../contract/pricing';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { presentDiscountCode, type DiscountsService } from './discounts.service';
import type { OrdersService } from './orders.service';

/**
 * What the account deletion flow offers instead of leaving (spec §2): the cheapest bundle as a
 * trial package, and a personal code of the site's `delete_discount` percentage. The code is
 * made only when a member actually opens the alternatives, not for every settings visit.
 */
export function createDeletionOfferService(deps: { payments: OrdersService; discounts: DiscountsService; users: UsersRepository; clock: Clock }) {
  return {
    async offer(site: SiteRow, memberId: number, fallbackCountry: string | null): Promise<DeletionOfferResponse> {
      const member = await deps.users.findById(memberId);
      if (!member) throw new AppError('authentication_required');
      const { bundles, payment_country: country } = await deps.payments.listBundles(site, memberId, fallbackCountry);
      const cheapest = bundles.reduce<(typeof bundles)[number] | null>(
        (best, bundle) => (!best || bundle.price.amount < best.price.amount ? bundle : best),
        null,
      );
      const discount = await deps.discounts.deleteDiscount({ site, member, country });
      return { trial_bundle: cheapest, discount: discount ? presentDiscountCode(discount, deps.clock.now()) : null };
    },
  };
}

export type DeletionOfferService = ReturnType<typeof createDeletionOfferService>;
