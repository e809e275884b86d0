import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { startTestS3, type TestS3 } from '../../../tests/setup/s3-server';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../../domain/credits/ledger';
import { users, type SiteRow } from '../../db/schema/index';

let s3: TestS3;
let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  s3 = await startTestS3({ prefix: 'rendezvous' });
  ctx = await createTestContext({ env: s3.env });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoCredits: 15 });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const jpeg = () =>
  sharp({ create: { width: 500, height: 400, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();

function form(fields: Record<string, string | number>, data: Buffer) {
  const boundary = '----rendezvous-s3-test';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return {
    payload: Buffer.concat([...parts, head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function loggedIn(credits = 0) {
  const user = await createVisibleMember(ctx, site, { withPhotos: 0, paidUser: credits > 0 });
  if (credits) await bookCredits(ctx.db, { userId: user.id, delta: credits, reason: 'adjustment', at: ctx.clock.now() });
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

const objectsNamed = async (filename: string) => (await s3.listKeys()).filter((key) => key.includes(filename.replace(/\.webp$/, '')));

describe('media on S3-compatible storage', () => {
  it('stores an upload in the bucket, serves it at /media/ with caching headers, and deletes it with the photo', async () => {
    const member = await loggedIn();
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies: member.cookies, ...form({}, await jpeg()) });
    expect(uploaded.statusCode).toBe(201);
    const [photo] = uploaded.json().photos;
    expect(await objectsNamed(photo.filename)).toEqual([
      `rendezvous/media/photos/${photo.filename.replace('.webp', '-thumb.webp')}`,
      `rendezvous/media/photos/${photo.filename}`,
    ]);
    // Nothing on this instance's disk: another instance serves the same photo.
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'media', 'photos', photo.filename))).toBe(false);

    const served = await ctx.app.inject({ url: `/media/photos/${photo.filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'private, max-age=604800, immutable' });
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 500, height: 400 });
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const revalidated = await ctx.app.inject({ url: `/media/photos/${photo.filename}`, headers: { 'if-none-match': etag } });
    expect([revalidated.statusCode, revalidated.rawPayload.length, revalidated.headers.etag]).toEqual([304, 0, etag]);
    expect((await ctx.app.inject({ url: `/media/photos/${photo.thumb_filename}` })).statusCode).toBe(200);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/photos.php', cookies: member.cookies, payload: { photo_id: photo.id } });
    expect(removed.statusCode).toBe(200);
    expect(await objectsNamed(photo.filename)).toEqual([]);
    const gone = await ctx.app.inject({ url: `/media/photos/${photo.filename}` });
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'not_found']);
  });

  it('answers 404 for names that are not there or not media keys, never a 5xx', async () => {
    for (const url of [
      '/media/photos/0123456789abcdef.webp',
      '/media/photos/..%2F..%2Fetc%2Fpasswd',
      '/media/photos/%2e%2e/x.webp',
      '/media/',
      '/media/photos//x.webp',
      '/media/photos/a%00.webp',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('keeps chat photos private in the bucket: blurred for the recipient until revealed, never under /media/', async () => {
    const sender = await loggedIn(50);
    const recipient = await loggedIn();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: sender.cookies,
      ...form({ profile_id: recipient.id, client_id: `s3-photo-${Date.now()}` }, await jpeg()),
    });
    expect(sent.statusCode).toBe(201);
    const { id: messageId, photo } = sent.json().message;
    const stored = await objectsNamed(photo.filename);
    expect(stored).toEqual([
      `rendezvous/private-media/chat/${photo.filename.replace('.webp', '-preview.webp')}`,
      `rendezvous/private-media/chat/${photo.filename}`,
    ]);
    expect((await ctx.app.inject({ url: `/media/chat/${photo.filename}` })).statusCode).toBe(404);

    const fetchAs = (member: { cookies: Record<string, string> }, variant: 'full' | 'preview') =>
      ctx.app.inject({ url: `/api/message-photo.php?message=${messageId}&variant=${variant}`, cookies: member.cookies });
    expect((await fetchAs(sender, 'full')).statusCode).toBe(200);
    expect((await fetchAs(recipient, 'full')).statusCode).toBe(404);
    const preview = await fetchAs(recipient, 'preview');
    expect([preview.statusCode, (await sharp(preview.rawPayload).metadata()).width]).toEqual([200, 48]);
    await ctx.app.inject({ method: 'PUT', url: '/api/messages.php', cookies: recipient.cookies, payload: { reveal_photo: messageId } });
    expect((await fetchAs(recipient, 'full')).statusCode).toBe(200);
  });

  it("purging a deleted account removes its photos and its conversations' photos from the bucket", async () => {
    const member = await loggedIn(50);
    const other = await loggedIn();
    const uploaded = (await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies: member.cookies, ...form({}, await jpeg()) })).json();
    const sent = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/messages.php',
        cookies: member.cookies,
        ...form({ profile_id: other.id, client_id: `s3-purge-${Date.now()}` }, await jpeg()),
      })
    ).json();
    const names = [uploaded.photos[0].filename, sent.message.photo.filename];
    for (const name of names) expect(await objectsNamed(name)).toHaveLength(2);

    const longAgo = new Date(ctx.clock.now().getTime() - 15 * 86_400_000);
    await ctx.db.update(users).set({ status: 'deleted', deletedAt: longAgo }).where(eq(users.id, member.id));
    await ctx.services.accountDeletion.purgeIfStillDeleted(member.id);
    for (const name of names) expect(await objectsNamed(name)).toEqual([]);
  });
});
