import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const jpeg = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#971f50' } })
    .jpeg()
    .toBuffer();

/** A photo upload as the profile page sends it: the key field first, then the file. */
function upload(fields: Record<string, string>, data: Buffer) {
  const boundary = '----rendezvous-photos-test';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  return {
    payload: Buffer.concat([...parts, head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function loggedIn() {
  const member = await createVisibleMember(ctx, site, { withPhotos: 0 });
  return { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
}

describe('POST /api/photos.php', () => {
  it('answers an upload sent again with the same client_id with the same one photo', async () => {
    const cookies = await loggedIn();
    const data = await jpeg();
    const first = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload({ client_id: 'photo-retry-0001' }, data) });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload({ client_id: 'photo-retry-0001' }, data) });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().photos).toEqual(first.json().photos);
    expect(first.json().photos).toHaveLength(1);
    const another = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload({ client_id: 'photo-retry-0002' }, data) });
    expect(another.json().photos).toHaveLength(2);
  });

  it('still takes an upload without a key', async () => {
    const cookies = await loggedIn();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload({}, await jpeg()) });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a malformed key as a field problem, and a visitor', async () => {
    const cookies = await loggedIn();
    const short = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload({ client_id: 'x' }, await jpeg()) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('validation_failed');
    expect(JSON.stringify(short.json().fields)).toContain('client_id');
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', ...upload({ client_id: 'photo-retry-0003' }, await jpeg()) });
    expect(visitor.statusCode).toBe(403);
  });
});
