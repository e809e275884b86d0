import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../tests/setup/s3-server';
import { createMediaStorage } from './media-storage';
import type { MediaStorage, OpenedMedia } from './storage.port';

type Stores = ReturnType<typeof createMediaStorage>;

/**
 * The one contract every media store keeps, run against the local disk and against an
 * S3-compatible server (s3rver): the app's rules only ever see `MediaStorage`.
 */
const adapters: { name: string; open(): Promise<{ stores: Stores; close(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-storage-'));
      const stores = createMediaStorage({ kind: 'local', mediaDir: path.join(dataDir, 'media'), privateMediaDir: path.join(dataDir, 'private-media') });
      return { stores, close: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const s3: TestS3 = await startTestS3();
      const stores = createMediaStorage({
        kind: 's3',
        bucket: s3.bucket,
        prefix: s3.prefix,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        forcePathStyle: true,
      });
      return {
        stores,
        async close() {
          stores.close();
          await s3.close();
        },
      };
    },
  },
];

const opened = (result: Awaited<ReturnType<MediaStorage['open']>>): OpenedMedia => {
  if (!result || result === 'not-modified') throw new Error(`expected an opened file, got ${String(result)}`);
  return result;
};

describe.each(adapters)('media storage on $name', (adapter) => {
  let stores: Stores;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ stores, close } = await adapter.open());
  });
  afterAll(() => close());

  it('reads back exactly the bytes written, under nested keys', async () => {
    const data = Buffer.from([0, 1, 2, 250, 251, 252]);
    await stores.media.write('photos/a1.webp', data, 'image/webp');
    expect(await stores.media.read('photos/a1.webp')).toEqual(data);
  });

  it('answers null for a key never written, to read and to open', async () => {
    expect(await stores.media.read('photos/never.webp')).toBeNull();
    expect(await stores.media.open('photos/never.webp')).toBeNull();
  });

  it('opens a file as a stream with its size, type and an ETag, and answers not-modified to that ETag', async () => {
    await stores.media.write('photos/b2.webp', Buffer.from('RIFF-webp-bytes'), 'image/webp');
    const file = opened(await stores.media.open('photos/b2.webp'));
    expect(file).toMatchObject({ size: 15, contentType: 'image/webp' });
    expect(file.etag).toMatch(/^"[^"]+"$/);
    expect(await text(file.body)).toBe('RIFF-webp-bytes');
    expect(await stores.media.open('photos/b2.webp', { ifNoneMatch: file.etag })).toBe('not-modified');
    expect(await stores.media.open('photos/b2.webp', { ifNoneMatch: `W/${file.etag}` })).toBe('not-modified');
    const again = opened(await stores.media.open('photos/b2.webp', { ifNoneMatch: '"something-else"' }));
    again.body.destroy();
  });

  it('replaces a file written again under the same key, with a new ETag', async () => {
    await stores.media.write('partners/c3.webp', Buffer.from('first'), 'image/webp');
    const before = opened(await stores.media.open('partners/c3.webp'));
    before.body.destroy();
    // The disk's ETag has millisecond resolution: a rewrite in the same millisecond keeps it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await stores.media.write('partners/c3.webp', Buffer.from('second, longer'), 'image/webp');
    expect((await stores.media.read('partners/c3.webp'))!.toString()).toBe('second, longer');
    const after = opened(await stores.media.open('partners/c3.webp'));
    after.body.destroy();
    expect(after.etag).not.toBe(before.etag);
  });

  it('removes a file for good, and removing it again is no error', async () => {
    await stores.media.write('photos/d4.webp', Buffer.from('bye'), 'image/webp');
    await stores.media.remove('photos/d4.webp');
    expect(await stores.media.read('photos/d4.webp')).toBeNull();
    expect(await stores.media.open('photos/d4.webp')).toBeNull();
    await expect(stores.media.remove('photos/d4.webp')).resolves.toBeUndefined();
  });

  it('keeps private media apart from the served media', async () => {
    await stores.privateMedia.write('chat/e5.webp', Buffer.from('private'), 'image/webp');
    expect(await stores.media.read('chat/e5.webp')).toBeNull();
    expect((await stores.privateMedia.read('chat/e5.webp'))!.toString()).toBe('private');
  });

  it('refuses keys that would leave their folder', async () => {
    for (const key of ['../outside.webp', 'photos/../../x.webp', '/etc/passwd', 'photos//x.webp', '', 'photos/./x.webp']) {
      await expect(stores.media.write(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Invalid media key/);
      await expect(stores.media.read(key), key).rejects.toThrow(/Invalid media key/);
    }
  });

  it('gives served media their address under /media/', () => {
    expect(stores.media.urlOf('photos/f6.webp')).toBe('/media/photos/f6.webp');
  });
});
