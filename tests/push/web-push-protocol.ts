import crypto from 'node:crypto';

/**
 * The receiving side of the Web Push protocol, written from the RFCs with node:crypto alone (not
 * with the web-push library the server sends with), so that a test proves the server speaks the
 * protocol rather than agreeing with itself:
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`, an ES256 JWT;
 * - RFC 8291 + RFC 8188: the `aes128gcm` payload, decrypted with the browser's private key and
 *   auth secret, as the browser's push client would.
 */

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a push request's VAPID authorization and answers its claims and key; throws naming
 * what is wrong: scheme, JWT header, signature (with the key in `k`), audience, expiry.
 */
export function verifyVapidAuthorization(header: string | undefined, expected: { audience: string; now: Date }): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, publicKey] = match;
  const [encodedHeader, encodedClaims, encodedSignature] = token.split('.');
  const jwtHeader = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString('utf8')) as { typ?: string; alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}, not ES256`);
  const signature = Buffer.from(encodedSignature, 'base64url');
  // ES256 in a JWT is r || s, 64 bytes (RFC 7518 §3.4), not DER.
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key: p256PublicKeyObject(Buffer.from(publicKey, 'base64url')), dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) throw new Error('the JWT signature does not verify with the key in k=');
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString('utf8')) as VapidClaims;
  if (claims.aud !== expected.audience) throw new Error(`JWT aud ${claims.aud}, expected ${expected.audience}`);
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  if (!(claims.exp > nowSeconds)) throw new Error(`JWT expired at ${claims.exp}`);
  if (claims.exp > nowSeconds + 24 * 60 * 60) throw new Error('JWT exp more than 24 hours ahead (RFC 8292 §2)');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub} is no mailto: or https: contact`);
  return { claims, publicKey };
}

/** The browser's decryption of an `aes128gcm` push message body (RFC 8291 §3.4, RFC 8188 §2). */
export function decryptPushPayload(body: Buffer, browser: { ecdh: crypto.ECDH; authSecret: Buffer }): Buffer {
  // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id = the server's ephemeral public key.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`key id of ${keyIdLength} bytes, expected the server's 65-byte public key`);

  // RFC 8291 §3.3–3.4: combine the shared ECDH secret with the auth secret into the input keying material.
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(browser.authSecret, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
    const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
    const decipher = crypto.createDecipheriv('aes-128-gcm', contentKey, nonceFor(baseNonce, sequence));
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // RFC 8188 §2: the content, then a delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const isLast = offset + recordSize >= records.length;
    if (padded[end] !== (isLast ? 2 : 1)) throw new Error(`record ${sequence} ends with delimiter ${padded[end]}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8188 §2.3: the record's sequence number XORed into the nonce's low bytes (the last four
 * are enough for any push; JavaScript's ^ works on 32 bits).
 */
function nonceFor(base: Buffer, sequence: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

/** An uncompressed P-256 point (0x04 | x | y) as a key node:crypto verifies with. */
function p256PublicKeyObject(point: Buffer): crypto.KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('k= is not an uncompressed P-256 point');
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}
