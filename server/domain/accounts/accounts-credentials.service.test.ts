import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember, tokenFromLastMail } from '../../../tests/factories/members';
import { failure } from '../../../tests/setup/failure';
import type { TestContext } from '../../../tests/setup/test-services';
import { client, openAccountsSite, requester, sessionDevice } from './accounts-test-site';
import type { SiteRow } from '../../db/schema/index';

/** The password and the address: resetting and changing them, the notices at the old address, and reset flooding (ADR 0019). */

let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ({ ctx, site } = await openAccountsSite());
});
afterAll(() => ctx.close());

describe('passwords', () => {
  it('answers an unknown address as it answers a known one, and mails nobody', async () => {
    const mailsBefore = ctx.mailer.sent.length;
    await expect(ctx.services.passwords.requestReset(site, 'ghost@example.com', requester)).resolves.toBeUndefined();
    expect(ctx.mailer.sent.length).toBe(mailsBefore);
  });

  it('sends at most three reset mails a day', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let i = 0; i < 3; i++) await ctx.services.passwords.requestReset(site, input.email!, requester);
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, requester))).code).toBe('reset_limit_reached');
    ctx.clock.advance(86_400_000 + 1000);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
  });

  it('resets with a live link, logs every device out and retires the link', async () => {
    const { input, token: session } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    const token = tokenFromLastMail(ctx, input.email!);
    expect((await failure(ctx.services.passwords.reset(site, token, 'new secret one', 'new secret two'))).code).toBe('passwords_differ');
    await ctx.services.passwords.reset(site, token, 'new secret one', 'new secret one');
    expect(await ctx.services.sessions.findUserId(session)).toBeNull();
    await expect(ctx.services.accounts.login(site, input.email!, 'new secret one', sessionDevice, client)).resolves.toBeTruthy();
    expect((await failure(ctx.services.passwords.reset(site, token, 'another secret', 'another secret'))).code).toBe('link_invalid');
  });

  it('refuses an expired reset link', async () => {
    const { input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    const token = tokenFromLastMail(ctx, input.email!);
    ctx.clock.advance(2 * 3_600_000 + 1000);
    expect((await failure(ctx.services.passwords.reset(site, token, 'new secret one', 'new secret one'))).code).toBe('link_invalid');
  });

  it.each(['        ', '\u0000'.repeat(8), 'aaaaaaaa', 'qwertzuiop'])('refuses %j as a new password on reset and on change', async (weak) => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, { client: { ip: '198.51.100.88' }, memberId: null });
    const token = tokenFromLastMail(ctx, input.email!);
    const reset = await failure(ctx.services.passwords.reset(site, token, weak, weak, client));
    expect(reset.fields).toEqual([{ field: 'password', code: 'password_too_common' }]);
    const change = await failure(ctx.services.passwords.change(site, user.id, { old: input.password!, new: weak, confirm: weak }, client));
    expect(change.fields).toEqual([{ field: 'new_password', code: 'password_too_common' }]);
    // The link was not used up by the refusal.
    await ctx.services.passwords.reset(site, token, 'a sturdier secret phrase', 'a sturdier secret phrase', client);
  });

  it('refuses a new password built from the member’s own address', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const own = `${input.email!.split('@')[0]}!`;
    expect((await failure(ctx.services.passwords.change(site, user.id, { old: input.password!, new: own, confirm: own }, client))).code).toBe(
      'password_too_common',
    );
  });

  it('changes the password only with the old one', async () => {
    const { user, input } = await signUpMember(ctx, site);
    expect((await failure(ctx.services.passwords.change(site, user.id, { old: 'not it', new: 'fresh secret!', confirm: 'fresh secret!' }, client))).code).toBe(
      'old_password_wrong',
    );
    await ctx.services.passwords.change(site, user.id, { old: input.password!, new: 'fresh secret!', confirm: 'fresh secret!' }, client);
    await expect(ctx.services.accounts.login(site, input.email!, 'fresh secret!', sessionDevice, client)).resolves.toBeTruthy();
  });
});

describe('security notices at the old address', () => {
  const mailsTo = (address: string, since: number) => ctx.mailer.sent.slice(since).filter((mail) => mail.to === address);

  it('tells the address, in the member’s language, that the password was changed', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accounts.setLanguage(user.id, 'de');
    const since = ctx.mailer.sent.length;
    await ctx.services.passwords.change(site, user.id, { old: input.password!, new: 'fresh secret!', confirm: 'fresh secret!' }, client);
    const [notice] = mailsTo(input.email!, since);
    expect(notice).toMatchObject({ kind: 'password_changed', subject: `Das Passwort deines Kontos bei ${site.name} wurde geändert` });
    expect(notice.text).toContain('https://love.test/reset-password');
    expect(ctx.mailer.sent.slice(since)).toHaveLength(1);
  });

  it('tells the address that the password was reset from the mailed link', async () => {
    const { input } = await signUpMember(ctx, site);
    await ctx.services.passwords.requestReset(site, input.email!, requester);
    const token = tokenFromLastMail(ctx, input.email!);
    const since = ctx.mailer.sent.length;
    await ctx.services.passwords.reset(site, token, 'a sturdy new phrase', 'a sturdy new phrase');
    expect(mailsTo(input.email!, since).map((mail) => mail.kind)).toEqual(['password_changed']);
  });

  it('tells the old address, not the new one, that the address was changed, and to which', async () => {
    const { user, input } = await signUpMember(ctx, site);
    await ctx.services.accounts.setLanguage(user.id, 'fr');
    const newEmail = `moved.${input.email}`;
    await ctx.services.mailChange.request(site, user.id, newEmail, input.password!, client);
    // Only asking changes nothing yet: the old address hears nothing.
    expect(mailsTo(input.email!, 0).map((mail) => mail.kind)).toEqual(['activation']);
    const token = tokenFromLastMail(ctx, newEmail);
    const since = ctx.mailer.sent.length;
    await ctx.services.mailChange.confirm(site, token);
    const [notice] = mailsTo(input.email!, since);
    expect(notice).toMatchObject({ kind: 'mail_changed', subject: `L’adresse e-mail de votre compte ${site.name} a été modifiée` });
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('https://love.test/pages/service');
    expect(mailsTo(newEmail, since)).toEqual([]);
  });

  it('keeps the change when the notice cannot be sent', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('mail server down');
    };
    try {
      await ctx.services.passwords.change(site, user.id, { old: input.password!, new: 'still changed!', confirm: 'still changed!' }, client);
    } finally {
      ctx.mailer.send = send;
    }
    await expect(ctx.services.accounts.login(site, input.email!, 'still changed!', sessionDevice, client)).resolves.toBeTruthy();
  });
});

describe('mail change', () => {
  it('takes effect when the new address confirms it', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const newEmail = `new.${input.email}`;
    await ctx.services.mailChange.request(site, user.id, newEmail, input.password!, client);
    expect((await ctx.services.accounts.getUser(user.id, site)).email).toBe(input.email);
    await ctx.services.mailChange.confirm(site, tokenFromLastMail(ctx, newEmail));
    expect(await ctx.services.accounts.getUser(user.id, site)).toMatchObject({ email: newEmail, status: 'active' });
  });

  it('refuses an invalid or taken address with the spec’s texts', async () => {
    const { user, input } = await signUpMember(ctx, site);
    const other = await signUpMember(ctx, site);
    expect((await failure(ctx.services.mailChange.request(site, user.id, 'nope@', input.password!, client))).code).toBe('new_email_invalid');
    for (const malformed of ['attacker,victim@example.org', 'new address@example.org', 'new@example', '"new"@example.org']) {
      expect((await failure(ctx.services.mailChange.request(site, user.id, malformed, input.password!, client))).code).toBe('new_email_invalid');
    }
    expect((await failure(ctx.services.mailChange.request(site, user.id, other.input.email!, input.password!, client))).code).toBe('email_exists');
  });
});

describe('reset flooding (ADR 0019)', () => {
  const from = (ip: string) => ({ client: { ip }, memberId: null });

  it('holds back a requester after three mails, not the owner or another requester', async () => {
    const { input } = await signUpMember(ctx, site);
    for (let n = 0; n < 3; n++) await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.50'));
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.50')))).code).toBe('reset_limit_reached');
    await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.51'));
  });

  it('holds back strangers together after ten mails a day, but never the signed-in or recently verified owner', async () => {
    const { user, input } = await signUpMember(ctx, site, {});
    const phone = { ip: '192.0.2.77', deviceId: `owner-phone-${Date.now()}`.padEnd(43, 'p') };
    await ctx.services.accounts.login(site, input.email!, input.password!, sessionDevice, phone);
    for (let n = 0; n < 10; n++) await ctx.services.passwords.requestReset(site, input.email!, from(`203.0.113.${60 + n}`));
    expect((await failure(ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.99')))).code).toBe('reset_limit_reached');
    // The owner on a device that logged in lately, and the owner signed in anywhere.
    await ctx.services.passwords.requestReset(site, input.email!, { client: phone, memberId: null });
    await ctx.services.passwords.requestReset(site, input.email!, { client: { ip: '203.0.113.99' }, memberId: user.id });
    expect(ctx.mailer.sent.filter((mail) => mail.to === input.email && ctx.mailer.linkIn(mail).includes('/reset-password/do')).length).toBe(12);
    ctx.clock.advance(86_400_000 + 1000);
    await ctx.services.passwords.requestReset(site, input.email!, from('203.0.113.99'));
  });
});
