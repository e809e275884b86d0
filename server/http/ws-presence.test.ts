import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../tests/setup/realtime';
import { createPresenceRepository } from '../db/repositories/presence.repository';
import type { SiteRow } from '../db/schema/index';
import { PRESENCE_TTL_MS } from '../realtime/presence';

let ctx: RealtimeTestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createRealtimeTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const onlineUntil = (memberId: number) => createPresenceRepository(ctx.db).findOnlineUntil(memberId);

describe('presence through the socket gateway', () => {
  it('marks a member online while any tab has a socket open, and last seen when the last one closes', async () => {
    const member = await createVisibleMember(ctx, site);
    expect(await onlineUntil(member.id)).toBeNull();

    const first = await ctx.connect(member.id);
    const second = await ctx.connect(member.id);
    await ctx.services.presence.flush();
    expect(await onlineUntil(member.id)).toEqual(new Date(ctx.clock.now().getTime() + PRESENCE_TTL_MS));

    // Still connected a minute later: the refresh keeps the member online beyond the first lease.
    ctx.clock.advance(2 * 60_000);
    await ctx.services.presence.flush();
    expect(await onlineUntil(member.id)).toEqual(new Date(ctx.clock.now().getTime() + PRESENCE_TTL_MS));

    first.ws.close();
    await first.closed;
    await ctx.services.presence.flush();
    expect((await onlineUntil(member.id))!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());

    ctx.clock.advance(5_000);
    second.ws.close();
    await second.closed;
    await vi.waitFor(async () => {
      await ctx.services.presence.flush();
      expect(await onlineUntil(member.id)).toEqual(ctx.clock.now());
    });
  });

  it('marks every member whose tab opened, and nobody without one', async () => {
    const members = await Promise.all([0, 1, 2].map(() => createVisibleMember(ctx, site)));
    const away = await createVisibleMember(ctx, site);
    await Promise.all(members.map((member) => ctx.connect(member.id)));
    await ctx.services.presence.flush();
    for (const member of members) expect((await onlineUntil(member.id))!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect(await onlineUntil(away.id)).toBeNull();
  });
});
