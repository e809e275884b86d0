import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, validSignup } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, countries: ['NL', 'DE'], loggedOutSearch: 'none', visibleProfileFields: ['interests'] });
});
afterAll(() => ctx.close());

async function member() {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: validSignup() });
  return { id: response.json().user.id as number, cookies: { rdv_session: response.cookies.find((c) => c.name === 'rdv_session')!.value } };
}

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----rendezvous-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const jpeg = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#d94681' } })
    .jpeg()
    .toBuffer();

describe('GET /api/members.php', () => {
  it('asks visitors to sign up when the site keeps search for members', async () => {
    const response = await ctx.app.inject({ url: '/api/members.php' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('search_login_required');
  });

  it('searches for members and refuses an inverted age range', async () => {
    const { cookies } = await member();
    const ok = await ctx.app.inject({ url: '/api/members.php?country=nl&min_age=20&max_age=60', cookies });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ page: 1, results: expect.any(Array) });
    const bad = await ctx.app.inject({ url: '/api/members.php?min_age=50&max_age=20', cookies });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a radius in the member’s unit and refuses one out of range', async () => {
    const { cookies } = await member();
    const ok = await ctx.app.inject({ url: '/api/members.php?radius=25', cookies });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().distance_unit).toBe('km');
    for (const radius of ['0', '501', 'far']) {
      const bad = await ctx.app.inject({ url: `/api/members.php?radius=${radius}`, cookies });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('answers a profile view with the spec’s text when its owner blocked the viewer', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    const owner = await createVisibleMember(ctx, site, { name: 'Mila' });
    const viewer = await member();
    await ctx.services.blocks.block(owner.id, viewer.id);
    const response = await ctx.app.inject({ url: `/api/members.php?id=${owner.id}`, cookies: viewer.cookies });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You're blocked by Mila. You do not have access to this page.");
  });
});

describe('likes and blocks', () => {
  it('needs a member', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/like.php', payload: { profile_id: 1 } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/likes.php' })).json().error).toBe('authentication_required');
  });

  it('likes, lists and unlikes', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    const target = await createVisibleMember(ctx, site);
    const { cookies } = await member();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/like.php', cookies, payload: { profile_id: target.id } })).json()).toMatchObject({
      liked: true,
      is_match: false,
    });
    expect((await ctx.app.inject({ url: '/api/likes.php', cookies })).json().profiles.map((p: { id: number }) => p.id)).toEqual([target.id]);
    await ctx.app.inject({ method: 'DELETE', url: '/api/like.php', cookies, payload: { profile_id: target.id } });
    expect((await ctx.app.inject({ url: '/api/likes.php', cookies })).json().profiles).toEqual([]);
  });
});

describe('swipe.php', () => {
  it('limits free members to 4 likes a day, saying so in their language; premium members have no limit', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    const cards = await Promise.all(Array.from({ length: 6 }, () => createVisibleMember(ctx, site, { gender: 'male', seeking: 'female' })));
    const free = await member();
    const cookies = { ...free.cookies, i18n_redirected: 'de' };
    expect((await ctx.app.inject({ url: '/api/swipe.php?mode=swipe_game', cookies })).json().likes_left_today).toBe(4);
    for (const card of cards.slice(0, 4)) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/swipe.php', cookies, payload: { profile_id: card.id, action: 'like', mode: 'swipe_game' } }))
          .statusCode,
      ).toBe(200);
    }
    const fifth = await ctx.app.inject({
      method: 'POST',
      url: '/api/swipe.php',
      cookies,
      payload: { profile_id: cards[4].id, action: 'like', mode: 'swipe_game' },
    });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ error: 'swipe_limit_reached', message: 'Du hast deine 4 Likes für heute aufgebraucht. Komm morgen wieder!' });

    const premium = await createVisibleMember(ctx, site, { gender: 'female', seeking: 'male', paidUser: true });
    const premiumCookies = { rdv_session: await ctx.services.sessions.start(premium.id, 'test') };
    expect((await ctx.app.inject({ url: '/api/swipe.php?mode=swipe_game', cookies: premiumCookies })).json().likes_left_today).toBeNull();
    for (const card of cards) {
      const liked = await ctx.app.inject({
        method: 'POST',
        url: '/api/swipe.php',
        cookies: premiumCookies,
        payload: { profile_id: card.id, action: 'like', mode: 'swipe_game' },
      });
      expect(liked.statusCode).toBe(200);
      expect(liked.json().likes_left_today).toBeNull();
    }
  });
});

describe('auto-like.php', () => {
  it('answers 204, and stores no like, when no fictional profile fits; a fictional one comes labelled', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    // The member seeks men; the only man is a real member, who never liked them.
    const real = await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female', name: 'Real' });
    const { id, cookies } = await member();
    const none = await ctx.app.inject({ url: '/api/auto-like.php', cookies });
    expect(none.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/likes.php', cookies })).json().liked_by).toEqual([]);

    const fictional = await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female', name: 'Fictional', isFictional: true });
    const liked = await ctx.app.inject({ url: '/api/auto-like.php', cookies });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toMatchObject({ id: fictional.id, name: 'Fictional', is_fictional: true });
    const likes = (await ctx.app.inject({ url: '/api/likes.php', cookies })).json();
    expect(likes.liked_by.map((entry: { id: number }) => entry.id)).toEqual([fictional.id]);
    expect(likes.liked_by.map((entry: { id: number }) => entry.id)).not.toContain(real.id);
    expect(id).toBeGreaterThan(0);
  });

  it('refuses a cross-site request, which would store a like, and serves the site’s own page', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    await createVisibleMember(ctx, site, { gender: 'male', seeking: 'female', name: 'Lure', isFictional: true });
    const { cookies } = await member();
    const fromImage = await ctx.app.inject({ url: '/api/auto-like.php', cookies, headers: { 'sec-fetch-site': 'cross-site' } });
    const fromOrigin = await ctx.app.inject({ url: '/api/auto-like.php', cookies, headers: { origin: 'https://evil.example' } });
    expect([fromImage.statusCode, fromOrigin.statusCode]).toEqual([403, 403]);
    expect(fromImage.json().error).toBe('csrf_failed');
    expect((await ctx.app.inject({ url: '/api/likes.php', cookies })).json().liked_by).toEqual([]);

    const own = await ctx.app.inject({ url: '/api/auto-like.php', cookies, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ is_fictional: true });
  });
});

describe('photos.php', () => {
  it('re-encodes an upload and sets it as the main photo', async () => {
    const { cookies } = await member();
    const upload = multipart('me.jpg', 'image/jpeg', await jpeg());
    const response = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.photos).toHaveLength(1);
    expect(body.main_photo_id).toBe(body.photos[0].id);
    const file = await ctx.app.inject({ url: `/media/photos/${body.photos[0].filename}` });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a text file dressed as a photo and keeps nothing', async () => {
    const { cookies } = await member();
    const upload = multipart('evil.jpg', 'image/jpeg', Buffer.from('<script>alert(1)</script>'));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...upload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('photo_not_an_image');
    expect((await ctx.app.inject({ url: '/api/profile.php', cookies })).json().photos).toEqual([]);
  });

  it('stops a free member at three photos', async () => {
    const { cookies } = await member();
    for (let index = 0; index < 3; index++) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...multipart('p.jpg', 'image/jpeg', await jpeg()) })).statusCode).toBe(
        201,
      );
    }
    const fourth = await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies, ...multipart('p.jpg', 'image/jpeg', await jpeg()) });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ error: 'photo_limit_reached' });
  });

  it('never lets a member delete or promote another member’s photo', async () => {
    const owner = await member();
    const other = await member();
    const uploaded = (
      await ctx.app.inject({ method: 'POST', url: '/api/photos.php', cookies: owner.cookies, ...multipart('p.jpg', 'image/jpeg', await jpeg()) })
    ).json();
    const photoId = uploaded.photos[0].id;
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/photos.php', cookies: other.cookies, payload: { photo_id: photoId } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/photos.php', cookies: other.cookies, payload: { main_photo_id: photoId } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/profile.php', cookies: owner.cookies })).json().photos).toHaveLength(1);
  });
});

describe('PUT /api/profile.php', () => {
  it('holds the name to the sign-up’s rule: no markup, no @, not the e-mail address', async () => {
    const { cookies } = await member();
    const email = (await ctx.app.inject({ url: '/api/user.php', cookies })).json().user.email;
    for (const [name, code] of [
      ['<img src=x onerror=alert(1)>', 'username_invalid'],
      ['"><script>x</script>', 'username_invalid'],
      ['@anna', 'username_starts_with_at'],
      [email, 'username_equals_email'],
    ]) {
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { name } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual([expect.objectContaining({ field: 'name', code })]);
    }
    const fine = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { name: 'Anna-Lena' } });
    expect(fine.json()).toMatchObject({ name: 'Anna-Lena' });
  });

  it('saves allowed fields and refuses a region of another country', async () => {
    const { cookies } = await member();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      cookies,
      payload: { country: 'DE', region: 'DE-02', interests: ['travel', 'wine'], about: 'Hi <b>there</b>' },
    });
    expect(saved.json()).toMatchObject({ country: 'DE', region: 'DE-02', interests: ['travel', 'wine'], about: 'Hi <b>there</b>' });
    const wrong = await ctx.app.inject({ method: 'PUT', url: '/api/profile.php', cookies, payload: { country: 'NL', region: 'DE-02' } });
    expect(wrong.statusCode).toBe(400);
  });
});
