import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../tests/setup/realtime';
import type { SiteRow } from '../db/schema/index';

let ctx: RealtimeTestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, messageCredits: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());

/** One sample's value in this instance's registry (0 when the series has none yet). */
async function valueOf(name: string, line = name): Promise<number> {
  const text = await ctx.services.metrics.registry.getSingleMetricAsString(name);
  const found = text.split('\n').find((entry) => entry.startsWith(`${line} `));
  return found ? Number(found.split(' ').pop()) : 0;
}

async function eventually(read: () => Promise<number>, expected: number) {
  const deadline = Date.now() + 5000;
  while ((await read()) !== expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await read()).toBe(expected);
}

describe('realtime and chat metrics', () => {
  it('follow sockets opening and closing, and messages committed, batched and delivered', async () => {
    const [anna, ben] = await Promise.all([
      createVisibleMember(ctx, site, { paidUser: true }),
      createVisibleMember(ctx, site, { gender: 'male', paidUser: true }),
    ]);
    const gauge = () => valueOf('rendezvous_websocket_connections');
    const opened = await gauge();
    const benTab = await ctx.connect(ben.id);
    await eventually(gauge, opened + 1);

    const sent = await valueOf('rendezvous_chat_messages_sent_total');
    const delivered = await valueOf('rendezvous_chat_messages_delivered_total');
    const batches = await valueOf('rendezvous_chat_batch_size', 'rendezvous_chat_batch_size_count');
    await ctx.services.chat.send(site, anna.id, { kind: 'text', text: 'Counted', clientId: `metrics-${Date.now()}`, profileId: ben.id });
    await benTab.waitFor('message_new');
    expect(await valueOf('rendezvous_chat_messages_sent_total')).toBe(sent + 1);
    expect(await valueOf('rendezvous_chat_messages_delivered_total')).toBe(delivered + 1);
    expect(await valueOf('rendezvous_chat_batch_size', 'rendezvous_chat_batch_size_count')).toBe(batches + 1);
    expect(await valueOf('rendezvous_chat_batch_commit_seconds', 'rendezvous_chat_batch_commit_seconds_count')).toBe(batches + 1);

    benTab.ws.close();
    await benTab.closed;
    await eventually(gauge, opened);
  });
});
