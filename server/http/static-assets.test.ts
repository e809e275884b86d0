import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';

/**
 * The browser build's files as `npm start` serves them: compressed once at build time at the
 * highest settings (scripts/vite/precompress-assets.ts), sent as they are to whoever accepts
 * them, cached for a year under their hashed names.
 */
let ctx: TestContext;
let framework: string;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const home = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
  framework = /<link rel="modulepreload" href="(\/assets\/framework-[\w-]+\.js)"/.exec(home.body)![1]!;
});
afterAll(() => ctx.close());

const get = (url: string, encoding: string) => ctx.app.inject({ url, headers: { 'accept-encoding': encoding } });

describe('the browser build’s files', () => {
  it('are sent brotli- or gzip-compressed from the files the build wrote, and plain to whoever asks for that', async () => {
    const onDisk = fs.readFileSync(path.join('build/client', framework));
    const br = await get(framework, 'gzip, deflate, br');
    const gz = await get(framework, 'gzip');
    const plain = await get(framework, 'identity');
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(br.rawPayload.equals(fs.readFileSync(path.join('build/client', `${framework}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(onDisk)).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).equals(onDisk)).toBe(true);
    expect(plain.rawPayload.equals(onDisk)).toBe(true);
    // Quality 11, not the on-the-fly quality 4 pages get: smaller than the server would make it.
    const onTheFly = zlib.brotliCompressSync(onDisk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.rawPayload.length).toBeLessThan(onTheFly.length * 0.95);
    for (const response of [br, gz, plain]) {
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('leave out small files, which are not worth a second copy', () => {
    const assets = fs.readdirSync('build/client/assets');
    const small = assets.filter((name) => /\.(js|css)$/.test(name) && fs.statSync(path.join('build/client/assets', name)).size < 1024);
    expect(small.length).toBeGreaterThan(0);
    for (const name of small) expect(assets).not.toContain(`${name}.br`);
  });
});
