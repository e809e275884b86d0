import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CATALOGUE } from '../../../contract/gifts';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createCreditsRepository } from '../../db/repositories/credits.repository';
import { bookCredits } from '../../domain/credits/ledger';
import { creditLedger, users, type SiteRow } from '../../db/schema/index';
import { makeOrientedJpegWithGps, PLANTED } from '../../domain/photos/image-fixtures';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 0, messageCredits: 10, giftCredits: 25, photoCredits: 15 });
});
afterAll(() => ctx.close());

let clientCounter = 0;
const clientId = () => `client-gift-${++clientCounter}-${Date.now()}`;

async function loggedIn(credits = 0) {
  const user = await createVisibleMember(ctx, site, { paidUser: credits > 0 });
  if (credits) await bookCredits(ctx.db, { userId: user.id, delta: credits, reason: 'adjustment', at: ctx.clock.now() });
  return { id: user.id, cookies: { rdv_session: await ctx.services.sessions.start(user.id, 'test') } };
}

async function ledgerOf(userId: number) {
  return ctx.db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}

function photoForm(fields: Record<string, string | number>, file: { data: Buffer; type: string; name?: string }) {
  const boundary = '----rendezvous-chat-test';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'photo.jpg'}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([...parts, head, file.data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('gifts.php', () => {
  it('needs a member', async () => {
    expect((await ctx.app.inject({ url: '/api/gifts.php' })).statusCode).toBe(403);
  });

  it('lists the whole shipped catalogue with the site’s price, each with a shipped image', async () => {
    const member = await loggedIn();
    const response = await ctx.app.inject({ url: '/api/gifts.php', cookies: member.cookies });
    expect(response.statusCode).toBe(200);
    const { gifts } = response.json();
    expect(gifts.map((gift: { id: string }) => gift.id)).toEqual([...GIFT_CATALOGUE]);
    expect(gifts[0]).toEqual({ id: 'rose', name: 'Rose', image: '/gifts/rose.svg', price: 25 });
    for (const gift of gifts) expect(fs.existsSync(path.resolve('public', gift.image.slice(1)))).toBe(true);
  });

  it('lists only the gifts a site chose, and refuses to send one it does not offer', async () => {
    const picky = await createSite(ctx.db, { giftIds: ['diamond', 'rose', 'not-a-gift'], giftCredits: 40 });
    const [sender, recipient] = [await createVisibleMember(ctx, picky, { paidUser: true }), await createVisibleMember(ctx, picky)];
    await bookCredits(ctx.db, { userId: sender.id, delta: 100, reason: 'adjustment', at: ctx.clock.now() });
    const cookies = { rdv_session: await ctx.services.sessions.start(sender.id, 'test') };
    const headers = { host: picky.domain };
    const { gifts } = (await ctx.app.inject({ url: '/api/gifts.php', cookies, headers })).json();
    expect(gifts).toEqual([
      { id: 'rose', name: 'Rose', image: '/gifts/rose.svg', price: 40 },
      { id: 'diamond', name: 'Diamond', image: '/gifts/diamond.svg', price: 40 },
    ]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/gifts.php',
      cookies,
      headers,
      payload: { profile_id: recipient.id, gift_id: 'teddy', client_id: clientId() },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'gift_not_offered', message: 'This gift is not available. Choose another one.' });
    expect(await ledgerOf(sender.id)).toEqual([{ delta: 100, reason: 'adjustment' }]);
  });

  it('sends a gift for the site’s gift price, once per client id, with a ledger row', async () => {
    const sender = await loggedIn(60);
    const recipient = await loggedIn();
    const payload = { profile_id: recipient.id, gift_id: 'rose', client_id: clientId() };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/gifts.php', cookies: sender.cookies, payload });
    const retry = await ctx.app.inject({ method: 'POST', url: '/api/gifts.php', cookies: sender.cookies, payload });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: { kind: 'gift', gift_id: 'rose', text: '', credits_spent: 25 }, credits: 35, next_message_price: 10 });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect(retry.json().credits).toBe(35);
    expect(await ledgerOf(sender.id)).toEqual([
      { delta: 60, reason: 'adjustment' },
      { delta: -25, reason: 'gift' },
    ]);
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(35);

    const conversationId = first.json().message.conversation_id;
    const history = (await ctx.app.inject({ url: `/api/messages.php?conversation=${conversationId}`, cookies: recipient.cookies })).json();
    expect(history.messages).toMatchObject([{ kind: 'gift', gift_id: 'rose' }]);
  });

  it('answers a gift without enough credits with 402 and the spec’s text, charging nothing', async () => {
    const sender = await loggedIn(20);
    const recipient = await loggedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/gifts.php',
      cookies: sender.cookies,
      payload: { profile_id: recipient.id, gift_id: 'heart', client_id: clientId() },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: 'insufficient_credits', message: 'You do not have enough credits' });
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(20);
  });

  it('never lets a member send a gift into another pair’s conversation', async () => {
    const sender = await loggedIn(100);
    const recipient = await loggedIn();
    const outsider = await loggedIn(100);
    const sent = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/gifts.php',
        cookies: sender.cookies,
        payload: { profile_id: recipient.id, gift_id: 'kiss', client_id: clientId() },
      })
    ).json();
    const intruding = await ctx.app.inject({
      method: 'POST',
      url: '/api/gifts.php',
      cookies: outsider.cookies,
      payload: { conversation_id: sent.message.conversation_id, gift_id: 'kiss', client_id: clientId() },
    });
    expect(intruding.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the gift and photo-message calls', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    expect(Object.keys(paths['/api/gifts.php'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/messages.php'])).toEqual(expect.arrayContaining(['get', 'post', 'put']));
    expect(paths['/api/messages.php'].post.requestBody.content).toHaveProperty(['multipart/form-data']);
    expect(paths['/api/message-photo.php'].get.responses['200'].content).toHaveProperty(['image/webp']);
  });
});

describe('photo messages', () => {
  async function sendPhoto(sender: Awaited<ReturnType<typeof loggedIn>>, fields: Record<string, string | number>, data?: Buffer) {
    const form = photoForm(fields, { data: data ?? (await makeOrientedJpegWithGps()), type: 'image/jpeg' });
    return ctx.app.inject({ method: 'POST', url: '/api/messages.php', cookies: sender.cookies, ...form });
  }

  it('re-encodes the photo without its EXIF and GPS, charges photo_credits once per client id', async () => {
    const sender = await loggedIn(50);
    const recipient = await loggedIn();
    const id = clientId();
    const first = await sendPhoto(sender, { profile_id: recipient.id, client_id: id });
    expect(first.statusCode).toBe(201);
    const retry = await sendPhoto(sender, { profile_id: recipient.id, client_id: id });
    expect(retry.json().message.id).toBe(first.json().message.id);
    expect(first.json()).toMatchObject({ message: { kind: 'photo', text: '', credits_spent: 15, photo: { revealed: false } }, credits: 35 });
    expect(retry.json().credits).toBe(35);
    expect(await ledgerOf(sender.id)).toEqual([
      { delta: 50, reason: 'adjustment' },
      { delta: -15, reason: 'photo' },
    ]);

    const messageId = first.json().message.id;
    const image = await ctx.app.inject({ url: `/api/message-photo.php?message=${messageId}&variant=full`, cookies: sender.cookies });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('private');
    const metadata = await sharp(image.rawPayload).metadata();
    // Upright (EXIF orientation applied to the pixels), and no metadata left.
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect([metadata.exif, metadata.xmp, metadata.iptc]).toEqual([undefined, undefined, undefined]);
    for (const planted of Object.values(PLANTED)) expect(image.rawPayload.includes(planted)).toBe(false);
    // Not a static file under /media/: nothing there to guess.
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'media', 'chat'))).toBe(false);
    // Kept privately, and the retry's upload left no second file behind.
    expect(fs.readdirSync(path.join(ctx.config.dataDir, 'private-media', 'chat')).filter((name) => !name.endsWith('-preview.webp'))).toEqual([
      first.json().message.photo.filename,
    ]);
  });

  it('refuses a photo without enough credits before storing anything', async () => {
    const sender = await loggedIn(10);
    const recipient = await loggedIn();
    const response = await sendPhoto(sender, { profile_id: recipient.id, client_id: clientId() });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('You do not have enough credits');
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(10);
  });

  it('refuses a file that is not a photo, and a form without a file', async () => {
    const sender = await loggedIn(50);
    const recipient = await loggedIn();
    const fake = await sendPhoto(sender, { profile_id: recipient.id, client_id: clientId() }, Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('photo_not_an_image');
    const boundary = '----no-file';
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      cookies: sender.cookies,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="profile_id"\r\n\r\n${recipient.id}\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(await createCreditsRepository(ctx.db).sumForUser(sender.id)).toBe(50);
  });

  it('shows the photo only to the two members, blurred for the recipient until they reveal it', async () => {
    const sender = await loggedIn(50);
    const recipient = await loggedIn();
    const outsider = await loggedIn();
    const sent = (await sendPhoto(sender, { profile_id: recipient.id, client_id: clientId() })).json();
    const messageId = sent.message.id;
    const fetchAs = (member: { cookies: Record<string, string> } | null, variant: 'full' | 'preview') =>
      ctx.app.inject({ url: `/api/message-photo.php?message=${messageId}&variant=${variant}`, cookies: member?.cookies ?? {} });

    expect((await fetchAs(null, 'preview')).statusCode).toBe(403);
    expect((await fetchAs(outsider, 'preview')).statusCode).toBe(404);
    expect((await fetchAs(outsider, 'full')).statusCode).toBe(404);
    expect((await fetchAs(recipient, 'full')).statusCode).toBe(404);
    const preview = await fetchAs(recipient, 'preview');
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBeLessThanOrEqual(48);

    const reveal = (member: { cookies: Record<string, string> }) =>
      ctx.app.inject({ method: 'PUT', url: '/api/messages.php', cookies: member.cookies, payload: { reveal_photo: messageId } });
    expect((await reveal(outsider)).statusCode).toBe(404);
    expect((await reveal(sender)).statusCode).toBe(404);
    const revealed = await reveal(recipient);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().message).toMatchObject({ id: messageId, kind: 'photo', photo: { revealed: true } });
    expect((await fetchAs(recipient, 'full')).statusCode).toBe(200);
    expect((await fetchAs(outsider, 'full')).statusCode).toBe(404);
    const history = (await ctx.app.inject({ url: `/api/messages.php?conversation=${sent.message.conversation_id}`, cookies: sender.cookies })).json();
    expect(history.messages[0].photo).toMatchObject({ revealed: true });
  });

  it('deletes the photo files of a purged member’s conversations', async () => {
    const sender = await loggedIn(50);
    const recipient = await loggedIn();
    const sent = (await sendPhoto(sender, { profile_id: recipient.id, client_id: clientId() })).json();
    const kept = path.join(ctx.config.dataDir, 'private-media', 'chat', sent.message.photo.filename);
    expect(fs.existsSync(kept)).toBe(true);
    const deletedAt = new Date(ctx.clock.now().getTime() - 15 * 86_400_000);
    await ctx.db.update(users).set({ status: 'deleted', deletedAt }).where(eq(users.id, recipient.id));
    await ctx.services.accountDeletion.purgeIfStillDeleted(recipient.id);
    expect(fs.existsSync(kept)).toBe(false);
    expect(fs.existsSync(kept.replace(/\.webp$/, '-preview.webp'))).toBe(false);
  });
});
