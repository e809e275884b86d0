import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../credits/ledger';
import type { SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';

let ctx: TestContext;
let site: SiteRow;
let owner: StaffActor;
let hostA: StaffActor;
let hostB: StaffActor;
let next = 0;
const clientId = () => `figures-${++next}-${Date.now()}`;
const actorOf = (member: { id: number; email: string; role: StaffActor['role'] }): StaffActor => ({
  id: member.id,
  email: member.email,
  role: member.role,
  ip: null,
});

beforeAll(async () => {
  ctx = await createTestContext();
  // No free messages: each member message costs 10 credits, and the figures count what members spent.
  site = await createSite(ctx.db, { freeMessages: 0, messageCredits: 10, freeConversations: 5 });
  owner = actorOf((await createStaffMember(ctx, 'owner')).member);
  hostA = actorOf((await createStaffMember(ctx, 'host')).member);
  hostB = actorOf((await createStaffMember(ctx, 'host')).member);
});
afterAll(() => ctx.close());

async function conversationWithPayingMember(name: string) {
  const fictional = await ctx.services.fictionalProfiles.create(owner, site.id, {
    name,
    gender: 'female',
    seeking: 'male',
    dateOfBirth: '1991-06-01',
    country: 'NL',
    city: null,
    about: '',
    status: 'active',
  });
  const member = await createVisibleMember(ctx, site, { gender: 'male', paidUser: true });
  await bookCredits(ctx.db, { userId: member.id, delta: 500, reason: 'adjustment', at: ctx.clock.now() });
  await ctx.services.fictionalConfirmations.confirm(member.id, fictional.id);
  const write = async (text: string) =>
    (await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text, clientId: clientId() })).message.conversation_id;
  return { write };
}

describe('hostFigures', () => {
  it('counts each host’s answers, conversations, reply times and the credits members spent before each answer', async () => {
    const start = ctx.clock.now();
    const one = await conversationWithPayingMember('Ada');
    const two = await conversationWithPayingMember('Bea');

    // Conversation one: host A answers after 60 s, and the next message after 180 s.
    const c1 = await one.write('hello');
    ctx.clock.advance(60_000);
    await ctx.services.hostInbox.reply(hostA, c1, 'hi!', clientId());
    ctx.clock.advance(1_000);
    await one.write('paid one');
    ctx.clock.advance(180_000);
    await ctx.services.hostInbox.reply(hostA, c1, 'nice', clientId());
    // A second answer in a row has no reply time of its own.
    ctx.clock.advance(5_000);
    await ctx.services.hostInbox.reply(hostA, c1, 'and more', clientId());

    // Conversation two: three messages, host B answers after 300 s.
    const c2 = await two.write('hey');
    await two.write('paid two');
    await two.write('paid three');
    ctx.clock.advance(300_000);
    await ctx.services.hostInbox.reply(hostB, c2, 'hello you', clientId());
    // Host A answers conversation two later, after 120 s; nothing was spent since host B's answer.
    await ctx.services.hostInbox.release(hostB, c2);
    await two.write('paid four');
    ctx.clock.advance(120_000);
    await ctx.services.hostInbox.reply(hostA, c2, 'me too', clientId());
    const end = new Date(ctx.clock.now().getTime() + 1);

    const rows = await ctx.services.hostFigures.forPeriod(owner, start, end);
    const byHost = new Map(rows.map((row) => [row.staffId, row]));
    expect(byHost.get(hostA.id!)).toMatchObject({
      messagesSent: 4,
      conversationsAnswered: 2,
      // Reply times 60, 180 and 120 s: the median 120, the average 120.
      medianReplySeconds: 120,
      averageReplySeconds: 120,
      // 'hello' and 'paid one' before A's answers in one; 'paid four' before A's answer in two.
      creditsSpent: 30,
    });
    expect(byHost.get(hostB.id!)).toMatchObject({
      messagesSent: 1,
      conversationsAnswered: 1,
      medianReplySeconds: 300,
      averageReplySeconds: 300,
      creditsSpent: 30,
    });

    // A period before all this is empty; a host sees only their own line.
    expect(await ctx.services.hostFigures.forPeriod(owner, new Date(start.getTime() - 86_400_000), start)).toEqual([]);
    expect((await ctx.services.hostFigures.forPeriod(hostB, start, end)).map((row) => row.staffId)).toEqual([hostB.id]);
  });

  it('refuses a period that ends before it starts or spans more than a year', async () => {
    const now = ctx.clock.now();
    await expect(ctx.services.hostFigures.forPeriod(owner, now, now)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(ctx.services.hostFigures.forPeriod(owner, new Date(now.getTime() - 400 * 86_400_000), now)).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});
