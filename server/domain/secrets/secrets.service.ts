import crypto from 'node:crypto';
import type { AppSecretsRepository } from '../../db/repositories/app-secrets.repository';
import { generateVapidKeys, normalizeVapidKeys, type VapidKeys } from './vapid-keys';

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

/**
 * Loads the deployment's own keys, generating each once on the very first start. They live in
 * the shared database, so every instance signs with the same ones. VAPID keys given in the
 * configuration (`VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`) win over the generated pair.
 */
export async function loadAppSecrets(repository: AppSecretsRepository, configured: { vapid?: VapidKeys | null } = {}): Promise<AppSecrets> {
  const vapid = configured.vapid ?? normalizeVapidKeys(JSON.parse(await repository.getOrInsert('vapid', JSON.stringify(generateVapidKeys()))) as VapidKeys);
  const cookieSecret = await repository.getOrInsert('cookie', crypto.randomBytes(32).toString('base64url'));
  const demoPaymentsSecret = await repository.getOrInsert('demo_payments', crypto.randomBytes(32).toString('base64url'));
  const outboxKey = await repository.getOrInsert('outbox', crypto.randomBytes(24).toString('base64url'));
  const unsubscribeSecret = await repository.getOrInsert('unsubscribe', crypto.randomBytes(32).toString('base64url'));
  return { vapid, cookieSecret, demoPaymentsSecret, outboxKey, unsubscribeSecret };
}
