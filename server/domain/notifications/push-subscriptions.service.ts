import type { PushSubscribeInput } from '../../../contract/push';
import type { PushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository';
import { isP256PublicKey } from '../secrets/vapid-keys';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/**
 * A member's phones and computers: a few at most. Each push goes to every subscription of the
 * member, so the cap also bounds how many addresses one push can make the server call.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

const P256DH_FIELD = 'body.subscription.keys.p256dh';

/** Which browsers get a member's pushes (spec §7 `user.php?push=1`). */
export function createPushSubscriptionsService(deps: { subscriptions: PushSubscriptionsRepository; clock: Clock }) {
  return {
    /**
     * Stores (or refreshes) this browser's subscription for the member. The browser's endpoint
     * moves with the log-in: the member last logged in on a device gets its pushes. Beyond
     * `MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER`, the longest unsaved ones go.
     */
    async subscribe(userId: number, subscription: PushSubscribeInput['subscription']): Promise<void> {
      const p256dh = withoutPadding(subscription.keys.p256dh);
      // The contract checks the shape; only here can the point be checked to lie on the curve,
      // since a key off it would make every encryption for this browser fail.
      if (!isP256PublicKey(Buffer.from(p256dh, 'base64url'))) {
        throw new AppError('validation_failed', {
          params: { fields: P256DH_FIELD },
          fields: [{ field: P256DH_FIELD, code: 'validation_failed', params: { fields: P256DH_FIELD } }],
        });
      }
      const keys = { endpoint: subscription.endpoint, p256dh, auth: withoutPadding(subscription.keys.auth) };
      await deps.subscriptions.save(userId, keys, deps.clock.now(), MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    },

    /** Forgets the member's own subscription with this endpoint (another member's stays); answers whether there was one. */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      return deps.subscriptions.removeOwn(userId, endpoint);
    },
  };
}
export type PushSubscriptionsService = ReturnType<typeof createPushSubscriptionsService>;

function withoutPadding(value: string): string {
  return value.replace(/=+$/, '');
}
