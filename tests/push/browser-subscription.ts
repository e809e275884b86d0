import crypto from 'node:crypto';

/**
 * What a browser's PushManager makes when a member allows notifications: a P-256 key pair and a
 * 16-byte auth secret, kept private on the device, and the subscription JSON it hands the page.
 * Tests keep the private half to decrypt what the server pushed.
 */
export function createBrowserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    ecdh,
    authSecret,
    /** `PushSubscription.toJSON()`. */
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
  };
}
