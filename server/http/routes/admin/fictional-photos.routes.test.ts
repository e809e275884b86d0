import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { makeJpeg } from '../../../domain/photos/image-fixtures';

let ctx: TestContext;
let admin: Record<string, string>;
let profileId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = (await createStaffMember(ctx, 'admin')).cookies;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/fictional-profiles',
    cookies: admin,
    payload: { site_id: site.id, name: 'Lena', gender: 'female', seeking: 'male', date_of_birth: '1995-05-05', country: 'NL' },
  });
  profileId = created.json().id;
});
afterAll(() => ctx.close());

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----fictional-photo-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = async (cookies: Record<string, string>, data: Buffer, type = 'image/jpeg') =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/fictional-profiles/${profileId}/photos`, cookies, ...multipart('lena.jpg', type, data) });

describe('a fictional profile’s photos over HTTP', () => {
  it('takes an image, serves it re-encoded, and removes it', async () => {
    const added = await upload(admin, await makeJpeg(600, 600));
    expect(added.statusCode).toBe(201);
    const [photo] = added.json().photos;
    expect(photo).toMatchObject({ status: 'active', main: true, filename: expect.stringMatching(/\.webp$/) });
    const served = await ctx.app.inject({ url: `/media/photos/${photo.filename}` });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await ctx.app.inject({ url: `/api/admin/fictional-profiles/${profileId}/photos`, cookies: admin })).json().photos).toHaveLength(1);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/fictional-profiles/${profileId}/photos/${photo.id}`, cookies: admin });
    expect([removed.statusCode, removed.json()]).toEqual([200, { photos: [] }]);
  });

  it('answers a file that is not an image, or a photo that is not there, with a clear 4xx', async () => {
    const refused = await upload(admin, Buffer.from('plain text'), 'text/plain');
    expect([refused.statusCode, refused.json().error]).toEqual([415, 'photo_unsupported_type']);
    expect(refused.json().message).toMatch(/\w/);
    const missing = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/fictional-profiles/${profileId}/photos/999999`, cookies: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('is refused to roles that do not manage fictional profiles', async () => {
    for (const role of ['host', 'moderator', 'support'] as const) {
      const { cookies } = await createStaffMember(ctx, role);
      expect((await upload(cookies, await makeJpeg(100, 100))).statusCode).toBe(403);
    }
  });
});
