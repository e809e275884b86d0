import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationType } from '../../../contract/notifications';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { Mailer, OutgoingMail } from '../../adapters/mail/mail.port';
import { profiles, users, type SiteRow } from '../../db/schema/index';
import { createNotifier } from './notifier';
import type { NotificationContent, PushMessage } from './notifier.port';

let ctx: TestContext;
let site: SiteRow;
let keyCounter = 0;
const nextKey = () => `test-key-${++keyCounter}`;
const content: NotificationContent = { template: 'no_such_template', path: '/chats/12' };

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, {
    domain: 'flirt.test',
    name: 'Flirt Zone',
    mailName: 'Flirt Zone Team',
    supportEmail: 'hello@flirt.test',
    companyName: 'Zone Media B.V.',
    companyAddress: 'Damrak 1',
    companyCity: 'Amsterdam',
    companyCountry: 'Netherlands',
  });
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.mailer.sent.length = 0;
});

async function member(values: Partial<typeof users.$inferInsert> = {}, name = 'Anna') {
  const user = await createVisibleMember(ctx, site, { name });
  if (Object.keys(values).length) await ctx.db.update(users).set(values).where(eq(users.id, user.id));
  return user;
}

const notify = (userId: number, kind: NotificationType, options: { key?: string; topic?: string; content?: NotificationContent } = {}) =>
  ctx.services.notifier.notify(userId, kind, options.content ?? content, { key: options.key ?? nextKey(), topic: options.topic });

describe('notifier.notify by e-mail', () => {
  it('mails the member in their language and the site’s brand, with the one-click unsubscribe headers', async () => {
    const anna = await member({ language: 'de' });
    expect(await notify(anna.id, 'new_messages', { key: 'conversation-12@10:00' })).toEqual({ email: true, push: false });
    const mail = ctx.mailer.last(anna.email);
    expect(mail.from).toBe('"Flirt Zone Team" <hello@flirt.test>');
    expect(mail.subject).toBe('Neues für dich auf Flirt Zone');
    expect(mail.kind).toBe('notify.new_messages');
    expect(mail.headers?.['Content-Language']).toBe('de');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/flirt\.test\/api\/unsubscribe\.php\?token=[\w.-]+>$/);
    expect(mail.messageId).toMatch(/^<notify\.[0-9a-f]{32}@flirt\.test>$/);
    expect(mail.text).toContain('https://flirt.test/chats/12');
    expect(mail.text).toContain('https://flirt.test/unsubscribe?token=');
    expect(mail.text).toContain('Zone Media B.V. · Damrak 1 · Amsterdam, Netherlands');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Zone Media B.V. · Damrak 1 · Amsterdam, Netherlands');
    // The kind's name in the footer, in German.
    expect(mail.text).toContain('Neue Nachrichten');
  });

  it('uses the template’s own texts and escapes every value in the HTML part', async () => {
    const bob = await member({}, '<b>Bob</b>');
    await notify(bob.id, 'news', {
      content: { template: 'news', text: { subject: 'Summer party <3', body: 'Join us & <script>alert(1)</script>' }, path: 'https://evil.example/phish' },
    });
    const mail = ctx.mailer.last(bob.email);
    expect(mail.subject).toBe('Summer party <3');
    expect(mail.html).toContain('Join us &amp; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Bob&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    // A path that is not on the site becomes the site's home page.
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('https://flirt.test/\n');
  });

  it('lists the digest’s items as escaped rows, with images only from the site’s own address', async () => {
    const carla = await member();
    const items = [
      { title: 'Dora <3', subtitle: '31, Utrecht', path: '/members/5', imageUrl: '/media/dora.webp' },
      { title: 'Eve', path: '/members/6', imageUrl: 'https://tracker.example/pixel.gif' },
      { title: 'Fay', path: '/members/7', imageUrl: 'https://flirt.test/media/fay.webp' },
    ];
    await notify(carla.id, 'weekly_updates', { content: { template: 'weekly_updates', path: '/members', items } });
    const mail = ctx.mailer.last(carla.email);
    expect(mail.html).toContain('Dora &lt;3');
    expect(mail.html).toContain('src="https://flirt.test/media/dora.webp"');
    expect(mail.html).toContain('src="https://flirt.test/media/fay.webp"');
    expect(mail.html).not.toContain('tracker.example');
    expect(mail.text).toContain('- Dora <3 (31, Utrecht): https://flirt.test/members/5');
  });

  it('honours the member’s choice per kind', async () => {
    const dan = await member({ emailNotificationsOff: ['like', 'promotions'] });
    expect((await notify(dan.id, 'like')).email).toBe(false);
    expect((await notify(dan.id, 'promotions')).email).toBe(false);
    expect((await notify(dan.id, 'new_conversations')).email).toBe(true);
    expect(ctx.mailer.sent.map((mail) => mail.kind)).toEqual(['notify.new_conversations']);
  });

  it.each(['bounce', 'fbl', 'listunsubscribe'])('sends no mail of any kind while mail is stopped for %s', async (reason) => {
    const erik = await member({ notificationsDisabled: [reason] });
    for (const kind of ['new_conversations', 'new_messages', 'like', 'reminders', 'news'] as const) expect((await notify(erik.id, kind)).email).toBe(false);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('sends an unconfirmed member only the reminders (they cannot get replies yet)', async () => {
    const fleur = await member({ status: 'not_confirmed' });
    expect((await notify(fleur.id, 'new_messages')).email).toBe(false);
    expect((await notify(fleur.id, 'like')).email).toBe(false);
    expect((await notify(fleur.id, 'weekly_updates')).email).toBe(false);
    expect((await notify(fleur.id, 'reminders')).email).toBe(true);
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it('sends nothing to deleted, banned or fictional accounts, nor to an unknown id', async () => {
    const deleted = await member({ status: 'deleted', deletedAt: new Date() });
    const banned = await member({ bannedAt: new Date(), banReason: 'spam' });
    const fictional = await member({ isFictional: true });
    for (const user of [deleted, banned, fictional]) expect(await notify(user.id, 'reminders')).toEqual({ email: false, push: false });
    expect(await notify(2_000_000_000, 'reminders')).toEqual({ email: false, push: false });
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('falls back to the profile-less greeting when the member has no profile row', async () => {
    const gina = await member();
    await ctx.db.delete(profiles).where(eq(profiles.id, gina.id));
    expect((await notify(gina.id, 'reminders')).email).toBe(true);
    expect(ctx.mailer.last(gina.email).text).toMatch(/^Hello ,/);
  });
});

describe('notifier.notify once per key', () => {
  it('sends a retried notification nothing twice, and a new key again', async () => {
    const hans = await member();
    expect((await notify(hans.id, 'new_messages', { key: 'retry-1', topic: '12' })).email).toBe(true);
    expect((await notify(hans.id, 'new_messages', { key: 'retry-1', topic: '12' })).email).toBe(false);
    expect(ctx.mailer.sent).toHaveLength(1);
    expect((await notify(hans.id, 'new_messages', { key: 'retry-2', topic: '12' })).email).toBe(true);
    expect(ctx.mailer.sent).toHaveLength(2);
  });

  it('keeps the same Message-ID for every try of one key', async () => {
    const ida = await member();
    const failing: Mailer & { tries: OutgoingMail[] } = {
      tries: [],
      async send(mail) {
        this.tries.push(mail);
        if (this.tries.length === 1) throw new Error('SMTP 451 try again later');
      },
    };
    const notifier = createNotifier({
      db: ctx.db,
      mailer: failing,
      translator: ctx.services.translator,
      urls: ctx.services.siteUrls,
      unsubscribeSecret: ctx.services.secrets.unsubscribeSecret,
      clock: ctx.clock,
    });
    await expect(notifier.notify(ida.id, 'like', content, { key: 'flaky-1' })).rejects.toThrow('451');
    // Nothing was recorded for the failed send, so the retry sends, with the same id.
    expect(await notifier.lastSentAt(ida.id, 'like')).toBeNull();
    expect((await notifier.notify(ida.id, 'like', content, { key: 'flaky-1' })).email).toBe(true);
    expect((await notifier.notify(ida.id, 'like', content, { key: 'flaky-1' })).email).toBe(false);
    expect(failing.tries).toHaveLength(2);
    expect(failing.tries[0].messageId).toBe(failing.tries[1].messageId);
  });
});

describe('notifier.notify racing for one key', () => {
  const slowMailer = () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        // Long enough for the other job to reach the member while this mail is on its way.
        await new Promise((resolve) => setTimeout(resolve, 50));
        sent.push(mail);
      },
    };
    return { mailer, sent };
  };
  const notifierWith = (mailer: Mailer) =>
    createNotifier({
      db: ctx.db,
      mailer,
      translator: ctx.services.translator,
      urls: ctx.services.siteUrls,
      unsubscribeSecret: ctx.services.secrets.unsubscribeSecret,
      clock: ctx.clock,
    });

  it('sends once when two jobs notify one member with the same key at the same time', async () => {
    const kim = await member();
    const { mailer, sent } = slowMailer();
    const [first, second] = [notifierWith(mailer), notifierWith(mailer)];
    const results = await Promise.all([
      first.notify(kim.id, 'weekly_updates', content, { key: 'race-1' }),
      second.notify(kim.id, 'weekly_updates', content, { key: 'race-1' }),
    ]);
    expect(results.map((result) => result.email).sort()).toEqual([false, true]);
    expect(sent).toHaveLength(1);
  });

  it('lets a retry send once the claim of a worker that died before sending has lapsed', async () => {
    const lea = await member();
    const { mailer, sent } = slowMailer();
    // The dying worker claims the key and reaches its send, which never answers: it died mid-send.
    let reachedSend!: () => void;
    const atSend = new Promise<void>((resolve) => (reachedSend = resolve));
    const dying = notifierWith({ send: () => (reachedSend(), new Promise(() => undefined)) });
    void dying.notify(lea.id, 'weekly_updates', content, { key: 'race-2' });
    await atSend;
    expect((await notifierWith(mailer).notify(lea.id, 'weekly_updates', content, { key: 'race-2' })).email).toBe(false);
    ctx.clock.advance(6 * 60_000);
    expect((await notifierWith(mailer).notify(lea.id, 'weekly_updates', content, { key: 'race-2' })).email).toBe(true);
    expect(sent).toHaveLength(1);
  });
});

describe('notifier.lastSentAt', () => {
  it('answers the latest send of a kind, per topic when asked', async () => {
    const jan = await member();
    expect(await ctx.services.notifier.lastSentAt(jan.id, 'new_messages')).toBeNull();
    const first = ctx.clock.now();
    await notify(jan.id, 'new_messages', { topic: 'conversation-1' });
    ctx.clock.advance(60_000);
    const second = ctx.clock.now();
    await notify(jan.id, 'new_messages', { topic: 'conversation-2' });
    expect(await ctx.services.notifier.lastSentAt(jan.id, 'new_messages', 'conversation-1')).toEqual(first);
    expect(await ctx.services.notifier.lastSentAt(jan.id, 'new_messages', 'conversation-2')).toEqual(second);
    expect(await ctx.services.notifier.lastSentAt(jan.id, 'new_messages')).toEqual(second);
    expect(await ctx.services.notifier.lastSentAt(jan.id, 'like')).toBeNull();
    // Within a caller's transaction too.
    await ctx.db.transaction(async (tx) => expect(await ctx.services.notifier.lastSentAt(jan.id, 'new_messages', undefined, tx)).toEqual(second));
  });
});

describe('notifier.notify by push', () => {
  const pushed: { userId: number; message: PushMessage }[] = [];
  let devices = 1;
  const pushNotifier = () =>
    createNotifier({
      db: ctx.db,
      mailer: ctx.mailer,
      translator: ctx.services.translator,
      urls: ctx.services.siteUrls,
      unsubscribeSecret: ctx.services.secrets.unsubscribeSecret,
      clock: ctx.clock,
      push: {
        async send(userId, message) {
          pushed.push({ userId, message });
          return devices;
        },
      },
    });
  beforeEach(() => {
    pushed.length = 0;
    devices = 1;
  });

  it('pushes the push kinds only, honouring the member’s push choices apart from the mail ones', async () => {
    const kim = await member({ pushNotificationsOff: ['like'], emailNotificationsOff: ['new_messages'] });
    const notifier = pushNotifier();
    expect(await notifier.notify(kim.id, 'new_messages', content, { key: 'p-1', topic: '12' })).toEqual({ email: false, push: true });
    expect(await notifier.notify(kim.id, 'like', content, { key: 'p-2' })).toEqual({ email: true, push: false });
    expect(await notifier.notify(kim.id, 'weekly_updates', content, { key: 'p-3' })).toEqual({ email: true, push: false });
    expect(pushed).toEqual([{ userId: kim.id, message: expect.objectContaining({ path: '/chats/12', tag: 'new_messages:12' }) }]);
    // Once per key by push too; and only the channels asked for.
    expect(await notifier.notify(kim.id, 'new_messages', content, { key: 'p-1', topic: '12' })).toEqual({ email: false, push: false });
    expect(await notifier.notify(kim.id, 'new_conversations', content, { key: 'p-4', channels: ['push'] })).toEqual({ email: false, push: true });
    expect(pushed).toHaveLength(2);
  });

  it('still pushes while mail is stopped for a reason, and records nothing when no device took it', async () => {
    const lena = await member({ notificationsDisabled: ['bounce'] });
    const notifier = pushNotifier();
    devices = 0;
    expect(await notifier.notify(lena.id, 'like', content, { key: 'q-1' })).toEqual({ email: false, push: false });
    expect(await notifier.lastSentAt(lena.id, 'like')).toBeNull();
    devices = 1;
    expect(await notifier.notify(lena.id, 'like', content, { key: 'q-1' })).toEqual({ email: false, push: true });
  });
});
