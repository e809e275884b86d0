import crypto from 'node:crypto';
import type { AppSecretsRepository } from '../../db/repositories/app-secrets.repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface AppSecrets {
  vapid: VapidKeys;
  /** Signs cookies (CSRF token, session id) so a tampered value is refused. */
  cookieSecret: string;
  /** Signs the built-in demo payment provider's webhooks. */
  demoPaymentsSecret: string;
  /** Opens the outbox page outside development (printed at start, never shown on a page). */
  outboxKey: string;
  /** Signs the one-click unsubscribe links in notification mails (member + kind). */
  unsubscribeSecret: string;
}

/** Loads the deployment's own keys, generating each once on the very first start. */
export async function loadAppSecrets(repository: AppSecretsRepository): Promise<AppSecrets> {
  const vapid = JSON.parse(await repository.getOrInsert('vapid', JSON.stringify(generateVapidKeys()))) as VapidKeys;
  const cookieSecret = await repository.getOrInsert('cookie', crypto.randomBytes(32).toString('base64url'));
  const demoPaymentsSecret = await repository.getOrInsert('demo_payments', crypto.randomBytes(32).toString('base64url'));
  const outboxKey = await repository.getOrInsert('outbox', crypto.randomBytes(24).toString('base64url'));
  const unsubscribeSecret = await repository.getOrInsert('unsubscribe', crypto.randomBytes(32).toString('base64url'));
  return { vapid, cookieSecret, demoPaymentsSecret, outboxKey, unsubscribeSecret };
}

/** Web Push application server keys: a P-256 key pair, both halves base64url (RFC 8292). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}
