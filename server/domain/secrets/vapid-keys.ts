import crypto from 'node:crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Web Push application server keys: a P-256 key pair, both halves base64url (RFC 8292). The
 * private key is padded to its 32 bytes: OpenSSL leaves a leading zero byte out (1 key in 256),
 * and web-push refuses a private key of any other length.
 */
export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padPrivateKey(ecdh.getPrivateKey()).toString('base64url') };
}

/** A stored pair as web-push takes it: a private key saved before padding gets its zero byte back. */
export function normalizeVapidKeys(keys: VapidKeys): VapidKeys {
  return { publicKey: keys.publicKey, privateKey: padPrivateKey(Buffer.from(keys.privateKey, 'base64url')).toString('base64url') };
}

/**
 * What is wrong with a configured pair, or null: each half must be base64url of the right
 * length, the public key an uncompressed P-256 point, and the private key the one it belongs to
 * (a mismatched pair would sign pushes no browser subscription accepts).
 */
export function findVapidKeyProblem(keys: VapidKeys): string | null {
  if (!BASE64URL.test(keys.publicKey) || !BASE64URL.test(keys.privateKey)) return 'both keys are base64url without padding';
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) return 'the public key is an uncompressed P-256 point of 65 bytes';
  if (privateKey.length !== 32) return 'the private key is 32 bytes';
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) return 'the private key does not belong to the public key';
  } catch {
    return 'the private key is not a P-256 private key';
  }
  return null;
}

/** Whether `key` is an uncompressed point on P-256 (a subscription's `p256dh`). */
export function isP256PublicKey(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    // Converting checks that the point lies on the curve.
    crypto.ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

function padPrivateKey(key: Buffer): Buffer {
  return key.length >= 32 ? key : Buffer.concat([Buffer.alloc(32 - key.length), key]);
}
