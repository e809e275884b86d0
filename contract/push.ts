import { z } from 'zod';
import { text } from './inputs';

/** Push services' endpoints are short; the bound keeps a member from storing a novel. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/** Whether `value` is an absolute https URL (push services are only ever reached over https). */
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** `PushSubscription.endpoint`: the push service's URL for this browser. */
export const PushEndpoint = text().min(1).max(PUSH_ENDPOINT_MAX_LENGTH).refine(isHttpsUrl, { message: 'an https URL' });

/**
 * The browser's P-256 public key (RFC 8291 `p256dh`): 65 bytes, an uncompressed point (its first
 * byte 0x04 makes the text start with "B"), base64url, perhaps with the padding some browsers add.
 */
const P256dhKey = z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'a 65-byte P-256 public key, base64url');

/** The subscription's authentication secret (RFC 8291 `auth`): 16 bytes, base64url. */
const AuthSecret = z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, 'a 16-byte secret, base64url');

/** `POST /api/user.php?push=1` (spec §7): the browser's `PushSubscription.toJSON()`. */
export const PushSubscribeInput = z.object({
  subscription: z.object({
    endpoint: PushEndpoint,
    /** When the push service will end the subscription, if it says; not kept (a 404/410 tells us). */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: P256dhKey, auth: AuthSecret }),
  }),
});
export type PushSubscribeInput = z.infer<typeof PushSubscribeInput>;

/** `DELETE /api/user.php?push=1`: forget this browser's subscription (on logout, or push switched off). */
export const PushUnsubscribeInput = z.object({ endpoint: PushEndpoint });
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInput>;
