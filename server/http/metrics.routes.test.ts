import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signUpMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { testEnv } from '../../tests/setup/test-env';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { jobs } from '../db/schema/index';
import { PURGE_ACCOUNT_JOB } from '../domain/accounts/account-deletion.service';

const TOKEN = 'scrape-token-0123456789abcdef';
let ctx: TestContext;
let withoutToken: TestContext;
beforeAll(async () => {
  [ctx, withoutToken] = await Promise.all([createTestContext({ env: { METRICS_TOKEN: TOKEN } }), createTestContext()]);
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => Promise.all([ctx?.close(), withoutToken?.close()]));

const scrape = async () => {
  const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The value of one sample line, `name{labels} value`, or undefined when the scrape has none. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((entry) => entry.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('GET /metrics on the app port', () => {
  it('does not exist when no METRICS_TOKEN is configured, whatever the request sends', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const response = await withoutToken.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect([response.statusCode, response.body]).toEqual([404, 'Not Found\n']);
    }
  });

  it('refuses a scrape without the token, or with a wrong one, asking for a bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('rendezvous_');
    }
  });

  it('answers the Prometheus text format with the process, event-loop, HTTP, chat, job and database metrics', async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    for (const type of [
      '# TYPE process_cpu_user_seconds_total counter',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
      '# TYPE rendezvous_http_request_duration_seconds histogram',
      '# TYPE rendezvous_websocket_connections gauge',
      '# TYPE rendezvous_chat_messages_sent_total counter',
      '# TYPE rendezvous_chat_messages_delivered_total counter',
      '# TYPE rendezvous_chat_batch_size histogram',
      '# TYPE rendezvous_chat_batch_commit_seconds histogram',
      '# TYPE rendezvous_jobs_due gauge',
      '# TYPE rendezvous_jobs_failed_total counter',
      '# TYPE rendezvous_payment_webhooks_total counter',
      '# TYPE rendezvous_db_pool_connections gauge',
    ]) {
      expect(response.body).toContain(type);
    }
    expect(response.body).toContain(`rendezvous_db_engine_info{engine="${testEnv.engine}"} 1`);
    // PostgreSQL's pools report their connections; the embedded engine has none to report.
    if (testEnv.engine === 'postgres') expect(sample(response.body, 'rendezvous_db_pool_connections{pool="main",state="max"}')).toBeGreaterThan(0);
    else expect(response.body).not.toContain('rendezvous_db_pool_connections{');
  });

  it('counts a request under its route pattern, never its raw URL, and unknown URLs under one label', async () => {
    const series = 'rendezvous_http_request_duration_seconds_count{method="GET",route="/demo-checkout/:id"';
    const before = await scrape();
    const countOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith(series))
        .reduce((total, line) => total + Number(line.split(' ').pop()), 0);
    await ctx.app.inject({ url: '/demo-checkout/4711' });
    await ctx.app.inject({ url: '/demo-checkout/4712' });
    await ctx.app.inject({ url: '/no/such/page-98765' });
    const after = await scrape();
    expect(countOf(after) - countOf(before)).toBe(2);
    // Only labels are checked: a sample's value (a byte count, a sum of seconds) may hold any digits.
    const labels = after.split('\n').map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(labels.filter((label) => label.includes('4711') || label.includes('page-98765'))).toEqual([]);
    expect(sample(after, 'rendezvous_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    // Every bucket line of a series is cumulative and ends at its count.
    const inf = after
      .split('\n')
      .find((line) => line.startsWith('rendezvous_http_request_duration_seconds_bucket{method="GET",route="unmatched",status_code="404",le="+Inf"}'));
    expect(Number(inf!.split(' ').pop())).toBe(
      sample(after, 'rendezvous_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    );
  });

  it('counts payment webhooks by provider and outcome', async () => {
    const line = 'rendezvous_payment_webhooks_total{provider="demo",outcome="bad_signature"}';
    const before = sample(await scrape(), line) ?? 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php?provider=demo',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"tr_forged"}',
    });
    expect(response.statusCode).toBe(401);
    expect(sample(await scrape(), line)).toBe(before + 1);
    await ctx.app.inject({ method: 'POST', url: '/api/payment-webhook.php?provider=paypal', payload: '{}' });
    expect(sample(await scrape(), 'rendezvous_payment_webhooks_total{provider="unknown",outcome="rejected"}')).toBe(1);
  });
});

describe('request ids', () => {
  it('keeps a sane X-Request-Id and echoes it, and replaces anything else by a fresh UUID', async () => {
    const kept = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.9:c@edge-1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9:c@edge-1');
    for (const insane of ['has space', 'x'.repeat(129), 'quote"d', '']) {
      const replaced = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': insane } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    const first = await ctx.app.inject({ url: '/healthz' });
    const second = await ctx.app.inject({ url: '/healthz' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('goes with the jobs a request enqueues', async () => {
    const site = await ctx.services.sites.resolveSite(ctx.config.defaultSiteDomain);
    const { user, input } = await signUpMember(ctx, site);
    const cookie = await ctx.services.sessions.start(user.id, 'vitest');
    const deletion = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: { 'x-request-id': 'delete-req-42' },
      cookies: { rdv_session: cookie },
      payload: { reason: 'other', password: input.password },
    });
    expect(deletion.statusCode).toBe(200);
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, PURGE_ACCOUNT_JOB));
    expect(rows.find((row) => row.payload.userId === user.id)?.payload).toEqual({ userId: user.id, requestId: 'delete-req-42' });
  });
});
