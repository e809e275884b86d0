import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNewsArgs, runNewsCommand } from '../../../../scripts/admin-news';
import { createSite } from '../../../../tests/factories/sites';
import { createMember, createScheduledHarness } from '../../../../tests/setup/scheduled-notifications';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { NEWS_FINISH_CHECK_MS } from './news.rules';

let ctx: TestContext;
let harness: ReturnType<typeof createScheduledHarness>;

beforeAll(async () => {
  ctx = await createTestContext();
  harness = createScheduledHarness(ctx);
});
afterAll(() => ctx.close());

async function runUntilFinished() {
  await harness.runAll();
  ctx.clock.advance(NEWS_FINISH_CHECK_MS + 1000);
  await harness.runAll();
}

describe('news (from the command line)', () => {
  it('reaches only its site’s confirmed members who keep news on, each in their language (else the site’s), once; progress is counted', async () => {
    const site = await createSite(ctx.db, { domainLanguage: 'de-DE' });
    const otherSite = await createSite(ctx.db);
    const english = await createMember(ctx, site, { language: 'en' });
    const german = await createMember(ctx, site, { language: 'de' });
    const french = await createMember(ctx, site, { language: 'fr' });
    const newsOff = await createMember(ctx, site, { emailOff: ['news'] });
    const unconfirmed = await createMember(ctx, site, { status: 'not_confirmed' });
    const elsewhere = await createMember(ctx, otherSite);

    const printed: string[] = [];
    const command = parseNewsArgs([
      'create',
      '--site',
      String(site.id),
      '--subject-en',
      'Summer party',
      '--body-en',
      'Join us <b>now</b>',
      '--subject-de',
      'Sommerfest',
      '--body-de',
      'Sei dabei',
    ]);
    await runNewsCommand(ctx.services.newsBroadcasts, command, (line) => printed.push(line));
    expect(printed[0]).toMatch(/^Broadcast (\d+) stored for site \d+ in de, en/);
    const broadcastId = Number(/^Broadcast (\d+)/.exec(printed[0])![1]);
    harness.notifier.clear();
    await runUntilFinished();

    const sent = harness.notifier.sent.filter((entry) => entry.kind === 'news');
    expect(sent.map((entry) => [entry.userId, entry.subject, entry.body]).sort()).toEqual(
      [
        [english.id, 'Summer party', 'Join us <b>now</b>'],
        [german.id, 'Sommerfest', 'Sei dabei'],
        [french.id, 'Sommerfest', 'Sei dabei'],
      ].sort(),
    );
    expect(sent[0].options).toMatchObject({ topic: `news:${broadcastId}` });
    for (const member of [newsOff, unconfirmed, elsewhere]) expect(harness.notifier.to(member.id)).toEqual([]);

    const row = await ctx.services.newsBroadcasts.findById(broadcastId);
    expect(row).toMatchObject({ siteId: site.id, sentCount: 3, createdBy: 'command line' });
    expect(row!.startedAt).not.toBeNull();
    expect(row!.finishedAt).not.toBeNull();

    // A batch retried after it sent: nobody hears twice and the count stays.
    expect(await harness.scheduled.news.sendBatch({ broadcastId, afterId: 0, throughId: 1_000_000 })).toBe(0);
    expect((await ctx.services.newsBroadcasts.findById(broadcastId))!.sentCount).toBe(3);

    const listed: string[] = [];
    await runNewsCommand(ctx.services.newsBroadcasts, parseNewsArgs(['list']), (line) => listed.push(line));
    expect(listed.some((line) => line.startsWith(`${broadcastId}\t${site.id}\tde,en\t`) && line.endsWith('\t3'))).toBe(true);
  });

  it('reaches every site’s members when sent to all, from a JSON file', async () => {
    const first = await createSite(ctx.db);
    const second = await createSite(ctx.db);
    const one = await createMember(ctx, first);
    const two = await createMember(ctx, second, { language: 'pl' });
    const file = JSON.stringify({ site: 'all', texts: { en: { subject: 'New feature', body: 'Video chat is here.' } } });
    const command = parseNewsArgs(['send', 'news.json'], (name) => (name === 'news.json' ? file : ''));
    await runNewsCommand(ctx.services.newsBroadcasts, command, () => {});
    harness.notifier.clear();
    await runUntilFinished();
    expect(harness.notifier.to(one.id).map((entry) => entry.subject)).toEqual(['New feature']);
    expect(harness.notifier.to(two.id).map((entry) => [entry.language, entry.subject])).toEqual([['pl', 'New feature']]);
  });

  it('refuses a broadcast without English text, an unknown site, or no command', async () => {
    expect(() => parseNewsArgs(['create', '--site', 'all', '--subject-de', 'Hallo', '--body-de', 'Text'])).toThrow(/texts\.en/);
    expect(() => parseNewsArgs(['create', '--site', 'all', '--subject-en', 'Hello'])).toThrow(/body/);
    expect(() => parseNewsArgs(['create', '--site', 'x', '--subject-en', 'Hi', '--body-en', 'Text'])).toThrow(/site/);
    expect(() => parseNewsArgs(['send'])).toThrow(/usage/);
    const unknownSite = parseNewsArgs(['create', '--site', '999999', '--subject-en', 'Hi', '--body-en', 'Text']);
    await expect(runNewsCommand(ctx.services.newsBroadcasts, unknownSite, () => {})).rejects.toMatchObject({ code: 'not_found' });
  });
});
