import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION, serializeConsent } from '../../../contract/consent';
import { signUpMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { pageVisits } from '../../db/schema/acquisition';
import type { SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  site = await createSite(ctx.db, { domain: 'beacon.test' });
});
afterAll(() => ctx.close());

const consent = (statistics: boolean) => serializeConsent({ statistics, marketing: false, at: 1_764_000_000, version: CONSENT_VERSION });
const visits = () => ctx.db.select().from(pageVisits).where(eq(pageVisits.siteId, site.id)).orderBy(pageVisits.id);

/** A beacon as `navigator.sendBeacon` posts it: a text/plain blob of JSON. */
function beacon(body: unknown, options: { cookies?: Record<string, string>; ip?: string; raw?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    headers: { host: 'beacon.test', 'content-type': 'text/plain;charset=UTF-8' },
    remoteAddress: options.ip ?? '198.51.100.1',
    cookies: options.cookies,
    payload: options.raw ?? JSON.stringify(body),
  });
}

describe('POST /api/page-hidden.php', () => {
  it('stores a valid visit with the visitor id only when the consent cookie allows statistics', async () => {
    const before = (await visits()).length;
    expect(
      (await beacon({ path: '/landers/gallery?lb', ms: 1500, lb: true, bounced: true }, { cookies: { rdv_visitor: 'abcdefghijklmnopqrstuv' } })).statusCode,
    ).toBe(204);
    expect(
      (
        await beacon(
          { path: '/landers/gallery', ms: 900, lb: true, bounced: false },
          { cookies: { rdv_visitor: 'abcdefghijklmnopqrstuv', rdv_consent: consent(true) } },
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await beacon({ path: '/members/77', ms: 10 }, { cookies: { rdv_visitor: 'abcdefghijklmnopqrstuv', rdv_consent: consent(false) } })).statusCode,
    ).toBe(204);
    const rows = (await visits()).slice(before);
    expect(rows.map((row) => [row.path, row.msOnPage, row.visitorId, row.bounceLogging, row.bounced])).toEqual([
      ['/landers/gallery', 1500, null, true, true],
      ['/landers/gallery', 900, 'abcdefghijklmnopqrstuv', true, false],
      ['/members/{id}', 10, null, false, false],
    ]);
  });

  it('keeps the signed-in member with consent, and a sign-up never bounces', async () => {
    const member = await signUpMember(ctx, site);
    const session = await ctx.services.sessions.start(member.user.id, 'test');
    const before = (await visits()).length;
    await beacon({ path: '/landers/gallery', ms: 5, lb: true, bounced: true }, { cookies: { rdv_session: session, rdv_consent: consent(true) } });
    expect((await visits()).slice(before).map((row) => [row.userId, row.visitorId, row.bounced])).toEqual([[member.user.id, null, false]]);
  });

  it('answers 204 and stores nothing for the empty beacon, bad JSON, invalid fields or a forged visitor id', async () => {
    const before = (await visits()).length;
    const answers = await Promise.all([
      beacon({}),
      beacon(null, { raw: '{nope' }),
      beacon({ path: 'landers/gallery', ms: 5 }),
      beacon({ path: '/landers/gallery', ms: -1 }),
      beacon({ path: '/landers/gallery', ms: 5, lb: 'yes' }),
      beacon({ path: '/api/user.php', ms: 5 }),
      beacon([1, 2, 3]),
      ctx.app.inject({ method: 'POST', url: '/api/page-hidden.php', headers: { host: 'beacon.test', 'content-type': 'application/json' }, payload: '{nope' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204, 204]);
    await beacon({ path: '/pricing', ms: 5 }, { cookies: { rdv_consent: consent(true), rdv_visitor: '<script>' } });
    expect((await visits()).slice(before).map((row) => [row.path, row.visitorId])).toEqual([['/pricing', null]]);
  });

  it('refuses a body past 1 KB', async () => {
    expect((await beacon({ path: `/${'x'.repeat(1100)}`, ms: 5 })).statusCode).toBe(413);
  });

  it('stores at most 60 visits a minute from one address, still answering 204', async () => {
    const before = (await visits()).length;
    for (let index = 0; index < 65; index += 1) {
      expect((await beacon({ path: '/pricing', ms: index }, { ip: '198.51.100.77' })).statusCode).toBe(204);
    }
    expect((await visits()).length - before).toBe(60);
  });
});
