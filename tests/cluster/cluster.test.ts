import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../contract/ws-events';
import { currentTotp } from '../../server/domain/staff/second-factor';
import { startCluster } from '../../scripts/cluster/start-cluster';
import { TestSocket } from '../setup/realtime';
import { startTestS3, type TestS3 } from '../setup/s3-server';
import { isNginxInstalled } from '../../scripts/cluster/nginx-installed';

/**
 * Two instances and a worker behind nginx, sharing one PostgreSQL, one Redis and one S3 store
 * (issue 21): whatever a member or an operator does through one instance is true on the other.
 * Runs when nginx is installed and the PostgreSQL and Redis of the other suites are given.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const hasNginx = isNginxInstalled();
const OWNER = { email: 'owner@rendezvous.example', password: 'rendezvous-console', totpSecret: 'RNDZVSDEMOOWNER2FACTORKEY7ABCDEF' };
const PASSWORD = 'rendezvous-demo';

describe.runIf(hasNginx && databaseUrl && redisUrl)('a cluster of two instances behind nginx', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let s3: TestS3;
  let adminUrl: string;
  const database = `rdv_cluster_${process.pid}`;
  const [a, b] = [0, 1].map((index) => () => `http://127.0.0.1:${cluster.instances[index]!.port}`);
  // Every caller names its own address (the instances trust the local proxy hop), so limits count it alone.
  // The limits live in the shared Redis for an hour and outlast a run, and a fresh CI container can
  // give the next run the same process id: the range is drawn at random, not derived from the pid.
  const addressRange = `10.${randomInt(1, 255)}.${randomInt(1, 255)}`;
  let callers = 0;
  const address = () => `${addressRange}.${++callers}`;

  beforeAll(async () => {
    adminUrl = new URL(databaseUrl!).toString();
    // A run killed before its afterAll leaves its database; the next with the same pid starts clean.
    await withAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${database}`);
    });
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    s3 = await startTestS3({ prefix: 'cluster' });
    // nginx's port, the instances on the next two; TEST_CLUSTER_PORT pins them (a shared machine's own range).
    // Below 32768, where Linux starts handing out ports to outgoing connections: one of those once
    // held the nginx test's derived port under the full suite.
    const port = Number(process.env.TEST_CLUSTER_PORT ?? 20_000 + (process.pid % 12_000));
    cluster = await startCluster({
      instances: 2,
      port,
      env: { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, DEMO_MEMBERS: '20', ...s3.env },
      log: () => {},
    });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await s3?.close();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }, 60_000);

  async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const url = new URL(adminUrl);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  const headers = (origin: string, from: string, cookie?: string) => ({
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
    origin,
    'x-forwarded-for': from,
    'accept-language': 'en',
    ...(cookie && { cookie }),
  });
  async function call(origin: string, path: string, init: { method?: string; body?: unknown; cookie?: string; from?: string } = {}) {
    const response = await fetch(`${origin}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: headers(origin, init.from ?? address(), init.cookie),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return response;
  }
  async function logIn(origin: string, email: string) {
    const response = await call(origin, '/api/user.php', { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('rdv_session='))!
      .split(';')[0]!;
    return { id: ((await response.json()) as { user: { id: number } }).user.id, cookie };
  }
  const openSocket = (origin: string, cookie: string) => TestSocket.open(`${origin.replace('http', 'ws')}/api/ws`, { origin, cookie });

  it('delivers a message sent through B to the member connected through A', async () => {
    const [anna, ben] = await Promise.all([logIn(a(), 'demo1@rendezvous.example'), logIn(b(), 'demo2@rendezvous.example')]);
    const annaTab = await openSocket(a(), anna.cookie);
    const sent = await call(b(), '/api/messages.php', {
      cookie: ben.cookie,
      body: { profile_id: anna.id, text: 'Across the cluster', client_id: `cluster-${Date.now()}` },
    });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { id: number } };
    expect((await annaTab.waitFor('message_new', (event) => event.message.id === message.id)).message).toMatchObject({
      text: 'Across the cluster',
      sender_id: ben.id,
    });
    annaTab.ws.close();
  });

  it('shows a photo uploaded through A when asked through B, from the shared store', async () => {
    const carl = await logIn(a(), 'demo3@rendezvous.example');
    const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: '#a05070' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'portrait.jpg');
    const uploaded = await fetch(`${a()}/api/photos.php`, {
      method: 'POST',
      headers: { origin: a(), 'sec-fetch-site': 'same-origin', cookie: carl.cookie, 'x-forwarded-for': address() },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { photos } = (await uploaded.json()) as { photos: { id: number; filename: string }[] };
    const newest = photos.reduce((last, photo) => (photo.id > last.id ? photo : last));
    const shown = await fetch(`${b()}/media/photos/${newest.filename}`, { headers: { cookie: carl.cookie } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^image\//);
    expect((await shown.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await s3.listKeys()).length).toBeGreaterThan(0);
  });

  it('applies a site setting changed through A on B within two seconds', async () => {
    const from = address();
    const signIn = await call(a(), '/api/admin/session', { body: { email: OWNER.email, password: OWNER.password }, from });
    expect(signIn.status).toBe(200);
    const staffCookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('rdv_staff='))!
      .split(';')[0]!;
    const verified = await call(a(), '/api/admin/session/second-factor', {
      body: { code: currentTotp(OWNER.totpSecret, new Date()) },
      cookie: staffCookie,
      from,
    });
    expect(verified.status).toBe(200);
    const { items } = (await (await call(a(), '/api/admin/sites', { cookie: staffCookie, from })).json()) as { items: { id: number }[] };
    const site = (await (await call(a(), `/api/admin/sites/${items[0]!.id}`, { cookie: staffCookie, from })).json()) as {
      id: number;
      version: number;
      domain: string;
    };
    const title = `Rendezvous cluster ${Date.now()}`;
    const changed = await call(a(), `/api/admin/sites/${site.id}`, {
      method: 'PATCH',
      body: { version: site.version, index_title: title },
      cookie: staffCookie,
      from,
    });
    expect(changed.status).toBe(200);

    const changedAt = Date.now();
    let seen = '';
    while (Date.now() - changedAt < 2_000 && seen !== title) {
      const settings = (await (await fetch(`${b()}/api/settings.php`, { headers: { host: site.domain } })).json()) as { index_title: string };
      seen = settings.index_title;
      if (seen !== title) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe(title);
  });

  it('counts a rate limit across both instances', async () => {
    const from = address();
    // A password reset may be asked 10 times an hour per address, wherever the asks land: with a
    // count per instance, alternating would allow 20.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const origin = attempt % 2 ? b() : a();
      statuses.push((await call(origin, '/api/password-reset.php', { body: { email: `nobody${attempt}@rendezvous.example` }, from })).status);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  });

  it('closes on B the socket of a session logged out through A', async () => {
    const dora = await logIn(a(), 'demo4@rendezvous.example');
    const tab = await openSocket(b(), dora.cookie);
    expect((await call(a(), '/api/logout.php', { cookie: dora.cookie })).status).toBe(200);
    expect((await tab.closed).code).toBe(WS_CLOSE.authenticationRequired);
  });

  it('serves pages and the API through nginx from either instance', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${cluster.url}/api/settings.php`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect((await fetch(`${cluster.url}/`)).status).toBe(200);
  });
});
