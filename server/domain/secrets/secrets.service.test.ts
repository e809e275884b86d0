import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createAppSecretsRepository } from '../../db/repositories/app-secrets.repository';
import { appSecrets } from '../../db/schema/index';
import { loadAppSecrets } from './secrets.service';
import { findVapidKeyProblem, generateVapidKeys } from './vapid-keys';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadAppSecrets: VAPID keys', () => {
  it('generates a valid pair on the first start and hands every later start (every instance) the same', async () => {
    const first = await loadAppSecrets(createAppSecretsRepository(ctx.db));
    const second = await loadAppSecrets(createAppSecretsRepository(ctx.db));
    expect(findVapidKeyProblem(first.vapid)).toBeNull();
    expect(second.vapid).toEqual(first.vapid);
    expect(ctx.services.secrets.vapid).toEqual(first.vapid);
  });

  it('gives a stored private key that lost its leading zero byte its 32 bytes back', async () => {
    // One P-256 private key in 256 starts with a zero byte, which OpenSSL leaves out.
    let ecdh: crypto.ECDH;
    do {
      ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
    } while (ecdh.getPrivateKey().length === 32);
    const stored = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
    const repository = createAppSecretsRepository(ctx.db);
    await ctx.db.delete(appSecrets);
    await repository.getOrInsert('vapid', JSON.stringify(stored));

    const loaded = await loadAppSecrets(repository);
    expect(Buffer.from(loaded.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(findVapidKeyProblem(loaded.vapid)).toBeNull();
    expect(loaded.vapid.publicKey).toBe(stored.publicKey);
  });
});

describe('configured VAPID keys', () => {
  it('are the ones settings.php gives browsers to subscribe with, instead of the stored pair', async () => {
    const configured = generateVapidKeys();
    const configuredCtx = await createTestContext({ env: { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey } });
    try {
      await createSite(configuredCtx.db, { domain: configuredCtx.config.defaultSiteDomain });
      expect(configuredCtx.services.secrets.vapid).toEqual(configured);
      const settings = await configuredCtx.app.inject({ url: '/api/settings.php' });
      expect(settings.json().push_public_key).toBe(configured.publicKey);
      const stored = await loadAppSecrets(createAppSecretsRepository(configuredCtx.db));
      expect(stored.vapid.publicKey).not.toBe(configured.publicKey);
    } finally {
      await configuredCtx.close();
    }
  });
});
