import { z } from 'zod';
import { Bundle, DiscountCode, PaymentMethodId } from './payments';

/**
 * The bundles at the prices a visitor's country pays, for the pricing page before sign-up
 * (members get `BundlesResponse`, which adds their discount and last order).
 */
export const PublicBundlesResponse = z.object({
  payment_country: z.string(),
  bundles: z.array(Bundle),
  payment_methods: z.array(PaymentMethodId),
});
export type PublicBundlesResponse = z.infer<typeof PublicBundlesResponse>;

/** `GET /api/deletion-offer.php`: what the deletion flow offers instead of leaving (spec §2). */
export const DeletionOfferResponse = z.object({
  /** The cheapest bundle, offered as a trial package. */
  trial_bundle: Bundle.nullable(),
  /** The member's personal code of the site's `delete_discount` percentage; null when the site gives none. */
  discount: DiscountCode.nullable(),
});
export type DeletionOfferResponse = z.infer<typeof DeletionOfferResponse>;
