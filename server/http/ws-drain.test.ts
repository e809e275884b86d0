import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../contract/ws-events';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext } from '../../tests/setup/realtime';

/**
 * An instance that shuts down (SIGTERM behind a load balancer) tells its tabs to reconnect
 * elsewhere with the standard "service restart" code, which the browser answers by coming
 * back at once and resyncing, instead of the silent drop that backs off like an outage.
 */
describe('draining the socket gateway', () => {
  it('closes every open tab with 1012 when the server closes', async () => {
    const ctx = await createRealtimeTestContext();
    try {
      const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
      const [anna, ben] = await Promise.all([createVisibleMember(ctx, site, { gender: 'female' }), createVisibleMember(ctx, site, { gender: 'male' })]);
      const tabs = await Promise.all([ctx.connect(anna.id), ctx.connect(anna.id), ctx.connect(ben.id)]);
      await Promise.all(tabs.map((tab) => tab.roundTrip()));

      // The app alone, as SIGTERM closes it: the harness's own close would drop the client ends first.
      await ctx.app.close();

      for (const tab of tabs) expect(await tab.closed).toEqual({ code: WS_CLOSE.serviceRestart, reason: 'service_restart' });
    } finally {
      await ctx.close();
    }
  });

  it('refuses a new socket with 503 once draining, so the load balancer sends it to another instance', async () => {
    let draining = false;
    const ctx = await createRealtimeTestContext({ isShuttingDown: () => draining });
    try {
      const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
      const anna = await createVisibleMember(ctx, site, { gender: 'female' });
      const before = await ctx.connect(anna.id);
      await before.roundTrip();

      draining = true;
      await expect(ctx.connect(anna.id)).rejects.toThrow(/503/);
      // The tab already open stays until the drain closes it with 1012.
      await before.roundTrip();
    } finally {
      await ctx.close();
    }
  });
});
