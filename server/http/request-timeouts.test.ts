import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createRealtimeTestContext, type RealtimeTestContext } from '../../tests/setup/realtime';

// Short timeouts from the configuration, so that a slow client is cut within a second.
const env = { HEADERS_TIMEOUT_MS: '400', BODY_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '800' };

let ctx: RealtimeTestContext;
beforeAll(async () => {
  ctx = await createRealtimeTestContext({ env });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

/** Opens a raw connection, writes `head`, and resolves with what the server wrote when it closed the connection. */
function trickle(head: string): Promise<{ answer: string; seconds: number }> {
  const address = ctx.app.server.address() as net.AddressInfo;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(address.port, '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    // One more byte now and then, as the slow client does; writes after the close are dropped.
    const drip = setInterval(() => !socket.destroyed && socket.write('x'), 100);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), seconds: (performance.now() - started) / 1000 });
    });
    setTimeout(() => reject(new Error('the server kept the slow connection open')), 5000).unref();
  });
}

describe('request timeouts (ADR 0052)', () => {
  it('answers a JSON body that trickles in with 408 and closes the connection', async () => {
    const { answer, seconds } = await trickle(
      'POST /api/signup.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"error":"request_timeout"');
    expect(seconds).toBeLessThan(2);
  });

  it('closes a connection whose headers never end', async () => {
    const { answer, seconds } = await trickle('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(seconds).toBeLessThan(2);
  });

  it('keeps an open chat socket past every request timeout', async () => {
    const member = await createVisibleMember(ctx, (await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain))!);
    const tab = await ctx.connect(member.id);
    const closed = await Promise.race([tab.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000))]);
    expect(closed).toBeNull();
    await tab.roundTrip();
    expect(tab.events).toContainEqual({ type: 'pong' });
  });
});
