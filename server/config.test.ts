import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from './config';
import { generateVapidKeys } from './domain/secrets/vapid-keys';

const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', ...env });

describe('loadConfig', () => {
  it('takes no payments in production unless a provider is configured', () => {
    expect(production().payments).toMatchObject({ provider: null, isDemo: false, directDebit: false });
    expect(production({ PAYMENTS: 'demo' }).payments).toMatchObject({ provider: 'demo', isDemo: true, directDebit: true });
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toMatchObject({ provider: 'demo', isDemo: true });
    expect(loadConfig({ NODE_ENV: 'test' }).payments.provider).toBe('demo');
  });

  it("calls Mollie's test mode a demo, and offers direct debit only where its SMS code can reach a phone", () => {
    expect(production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'test_abc', SEED_DEMO: 'false' }).payments).toMatchObject({ isDemo: true, directDebit: false });
    expect(production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'live_abc', SEED_DEMO: 'false', SMS_URL: 'https://sms.example/send' }).payments).toMatchObject({
      isDemo: false,
      directDebit: true,
    });
    expect(() => production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'sk_abc' })).toThrow(/MOLLIE_API_KEY/);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(production()).toMatchObject({ host: '127.0.0.1', listensBeyondLoopback: false });
    expect(production({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', listensBeyondLoopback: true });
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'].filter(isLoopbackHost)).toHaveLength(6);
    expect(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.org', '127.0.0.1.example.org'].filter(isLoopbackHost)).toEqual([]);
  });

  it('refuses to start in production with an unsafe combination, naming the variable', () => {
    expect(() => production({ TRUST_PROXY: 'true' })).toThrow(/Unsafe configuration for production:\n {2}TRUST_PROXY:/);
    expect(() => production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'live_abc' })).toThrow(/SEED_DEMO: the demo members/);
    expect(() => production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'live_abc', SEED_DEMO: 'false', SITE_SCHEME: 'http' })).toThrow(/SITE_SCHEME/);
    // An https site behind a proxy the app does not trust: no HSTS, no Secure cookies.
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'dates.example' })).toThrow(
      /Unsafe configuration for production:\n {2}TRUST_PROXY: the site is on https \(SITE_SCHEME=https\) but TRUST_PROXY is not set/,
    );
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'dates.example', SITE_SCHEME: 'https', TRUST_PROXY: 'false' })).toThrow(/TRUST_PROXY=1/);
    // The same settings are fine where they harm nobody.
    expect(() => loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' })).not.toThrow();
    expect(() => production({ PAYMENTS: 'mollie', MOLLIE_API_KEY: 'test_abc' })).not.toThrow();
    // Behind a trusted proxy, deliberately on plain HTTP, or a trial on this machine.
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'dates.example', TRUST_PROXY: '1' })).not.toThrow();
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'dates.example', TRUST_PROXY: '10.0.0.0/8' })).not.toThrow();
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'dates.example', SITE_SCHEME: 'http' })).not.toThrow();
    expect(() => production({ DEFAULT_SITE_DOMAIN: 'flirt.localhost' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'test', DEFAULT_SITE_DOMAIN: 'dates.example' })).not.toThrow();
  });

  it('trusts a number of proxies or their addresses, never a malformed value', () => {
    const hops = production({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(production({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(production().trustProxy).toBe(false);
    expect(() => production({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => production({ TRUST_PROXY: '10.0.0.1/8/2' })).toThrow(/TRUST_PROXY/);
  });

  it('runs the jobs in the server unless WORKER=off, which needs PostgreSQL for a separate worker', () => {
    expect(production().runsJobs).toBe(true);
    expect(production({ WORKER: 'off', DATABASE_URL: 'postgres://db.example/rendezvous' }).runsJobs).toBe(false);
    expect(() => production({ WORKER: 'off' })).toThrow(/WORKER: WORKER=off needs DATABASE_URL/);
    expect(() => production({ WORKER: 'no' })).toThrow(/WORKER/);
  });

  it('reads search and profiles from DATABASE_READ_URL, a replica of DATABASE_URL, and fans out through sharded channels when asked', () => {
    const primary = 'postgres://db.example/rendezvous';
    expect(production({ DATABASE_URL: primary }).database).toEqual({ kind: 'postgres', url: primary, readUrl: undefined });
    expect(production({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://replica.example/rendezvous' }).database).toMatchObject({
      readUrl: 'postgres://replica.example/rendezvous',
    });
    expect(() => production({ DATABASE_READ_URL: 'postgres://replica.example/rendezvous' })).toThrow(/DATABASE_READ_URL: DATABASE_READ_URL needs DATABASE_URL/);
    expect(production().redisPubsub).toBe('classic');
    expect(production({ REDIS_PUBSUB: 'sharded' }).redisPubsub).toBe('sharded');
    expect(() => production({ REDIS_PUBSUB: 'cluster' })).toThrow(/REDIS_PUBSUB/);
  });

  it('budgets the jobs inside the web process and not in a worker of their own, unless told otherwise; refuses shares outside (0, 1]', () => {
    expect(production({}).jobBudget).toEqual({ inProcessLoopShare: 0.25, workerLoopShare: 1, minStepMs: 200, startSpacingMs: 20_000 });
    expect(production({ WORKER_LOOP_SHARE: '0.4', WORKER_MIN_STEP_MS: '50', WORKER_START_SPACING_SECONDS: '0' }).jobBudget).toEqual({
      inProcessLoopShare: 0.4,
      workerLoopShare: 0.4,
      minStepMs: 50,
      startSpacingMs: 0,
    });
    expect(() => production({ WORKER_LOOP_SHARE: '0' })).toThrow(/WORKER_LOOP_SHARE/);
    expect(() => production({ WORKER_LOOP_SHARE: '1.5' })).toThrow(/WORKER_LOOP_SHARE/);
    expect(() => production({ WORKER_MIN_STEP_MS: 'soon' })).toThrow(/WORKER_MIN_STEP_MS/);
  });

  it("checks open tabs' sessions every 10 s unless told another whole number of seconds", () => {
    expect(production().realtime.sessionCheckMs).toBe(10_000);
    expect(production({ REALTIME_SESSION_CHECK_SECONDS: '1' }).realtime.sessionCheckMs).toBe(1_000);
    expect(() => production({ REALTIME_SESSION_CHECK_SECONDS: '0' })).toThrow(/REALTIME_SESSION_CHECK_SECONDS/);
    expect(() => production({ REALTIME_SESSION_CHECK_SECONDS: '0.5' })).toThrow(/REALTIME_SESSION_CHECK_SECONDS/);
  });

  it('exposes no metrics unless a token or a port of their own is configured, and refuses weak or clashing values', () => {
    expect(production().metrics).toEqual({ token: undefined, port: undefined, workerPort: undefined });
    expect(production({ METRICS_TOKEN: 'a-long-scrape-token-123', METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465' }).metrics).toEqual({
      token: 'a-long-scrape-token-123',
      port: 9464,
      workerPort: 9465,
    });
    expect(() => production({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => production({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN/);
    expect(() => production({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: METRICS_PORT must differ from PORT/);
    expect(() => production({ WORKER_METRICS_PORT: 'x' })).toThrow(/WORKER_METRICS_PORT/);
  });

  it('shows the outbox page only while mail or SMS stay on the machine', () => {
    expect(production().outboxPage).toBe(true);
    expect(production({ SMTP_URL: 'smtp://mail.example', SMS_URL: 'https://sms.example/send' }).outboxPage).toBe(false);
    expect(production({ OUTBOX_PAGE: 'false' }).outboxPage).toBe(false);
  });

  it('takes VAPID keys as a valid pair or not at all, and a subject push services can write to', () => {
    const keys = generateVapidKeys();
    const other = generateVapidKeys();
    expect(production().push).toEqual({ vapidKeys: null, vapidSubject: null });
    expect(production({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:push@flirt.example' }).push).toEqual({
      vapidKeys: keys,
      vapidSubject: 'mailto:push@flirt.example',
    });
    expect(production({ VAPID_SUBJECT: 'https://flirt.example/contact' }).push.vapidSubject).toBe('https://flirt.example/contact');

    expect(() => production({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => production({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/set both or neither/);
    expect(() => production({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: the private key does not belong to the public key/,
    );
    expect(() => production({ VAPID_PUBLIC_KEY: keys.publicKey.slice(1), VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/uncompressed P-256 point/);
    expect(() => production({ VAPID_PUBLIC_KEY: `${keys.publicKey}=`, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/base64url/);
    expect(() => production({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: Buffer.alloc(32).toString('base64url') })).toThrow(/VAPID_PUBLIC_KEY/);
    for (const subject of ['push@flirt.example', 'http://flirt.example', 'https://localhost/contact', 'mailto:']) {
      expect(() => production({ VAPID_SUBJECT: subject }), subject).toThrow(/VAPID_SUBJECT/);
    }
  });
});
