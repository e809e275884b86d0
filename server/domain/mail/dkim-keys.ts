import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { AppSecretsRepository } from '../../db/repositories/app-secrets.repository';
import type { DkimSigning } from '../../adapters/mail/mail.port';

/** A sending domain's DKIM key: what signs its mail and what its DNS record publishes. */
export interface DkimKey extends DkimSigning {
  /** Base64 of the DER SubjectPublicKeyInfo: the `p=` of the DNS record. */
  publicKey: string;
}

/** 2048 bits: what mailbox providers expect today; 1024 is treated as weak, 4096 does not fit a TXT string comfortably. */
const RSA_BITS = 2048;

const generateKeyPair = promisify(crypto.generateKeyPair);

/** A new PEM private key; made off the event loop (an RSA key takes a noticeable moment). */
export async function generateDkimPrivateKey(): Promise<string> {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: RSA_BITS });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The public half of a PEM private key, as the DNS record carries it. */
export function dkimPublicKeyOf(privateKey: string): string {
  return crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The TXT record's value at `<selector>._domainkey.<domain>` (RFC 6376 §3.6.1). */
export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}

/** The domain of an address (`"Name" <a@b.example>` → `b.example`), lower case; null without one. */
export function domainOfAddress(address: string): string | null {
  const match = /@([^\s>@]+)>?\s*$/.exec(address);
  return match ? match[1].toLowerCase() : null;
}

/**
 * Each sending domain's DKIM key: the configured one (`DKIM_PRIVATE_KEY`, for every domain), or
 * one made on the domain's first mail and kept in the database like the VAPID keys, so every
 * instance signs with the key the DNS publishes. A new site needs no restart.
 */
export function createDkimKeys(deps: { secrets: AppSecretsRepository; selector: string; configuredPrivateKey: string | null }) {
  const known = new Map<string, Promise<DkimKey>>();

  async function load(domain: string): Promise<DkimKey> {
    const privateKey = deps.configuredPrivateKey ?? (await deps.secrets.getOrInsert(`dkim:${domain}`, await generateDkimPrivateKey()));
    return { domainName: domain, keySelector: deps.selector, privateKey, publicKey: dkimPublicKeyOf(privateKey) };
  }

  return {
    /** The key that signs mail from `domain` (made and stored on first use). */
    keyFor(domain: string): Promise<DkimKey> {
      const name = domain.toLowerCase();
      let key = known.get(name);
      if (!key) {
        key = load(name);
        known.set(name, key);
        // A failed load (database away) is tried again on the next mail.
        key.catch(() => known.delete(name));
      }
      return key;
    },
  };
}

export type DkimKeys = ReturnType<typeof createDkimKeys>;
