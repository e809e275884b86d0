import crypto from 'node:crypto';
import net from 'node:net';

/** Checks and parsers of single configuration values, for the schema in config.ts. */

/** A PEM private key that Node reads as RSA (DKIM keys). */
export function isRsaPrivateKey(value: string): boolean {
  try {
    return crypto.createPrivateKey(value).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** RFC 8292 §2.1: a contact for the push service; Apple refuses one on localhost. */
export function isVapidSubject(value: string): boolean {
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== 'localhost';
  } catch {
    return false;
  }
}

/** TRUST_PROXY: true, false, a hop count, or proxies' addresses (with optional prefix lengths). */
export function isTrustProxyValue(value: string): boolean {
  if (/^(true|false|\d{1,2})$/.test(value)) return true;
  return value.split(',').every((entry) => {
    const [address, bits, ...rest] = entry.trim().split('/');
    return rest.length === 0 && net.isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  });
}

/**
 * Fastify's `trustProxy`: false, the proxies' addresses, or a hop count — as a function, which
 * trusts the socket's peer and the hops behind it up to the count. The client address is then the
 * one the outermost trusted proxy appended, never the left-most value a client can write.
 */
export function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
