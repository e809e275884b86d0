import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config';
import { isNginxInstalled } from './nginx-installed';

const hasNginx = isNginxInstalled();
/** nginx and the one live instance; NGINX_TEST_PORT pins them on a shared machine. */
const listenPort = Number(process.env.NGINX_TEST_PORT ?? 30_000 + (process.pid % 20_000));

/**
 * The real nginx with the cluster's configuration: one instance is down (dead or draining) and
 * the last ready one drops one connection (a hiccup under load, not an outage). The next
 * request must still reach it, not meet "no live upstreams".
 */
describe.runIf(hasNginx)('the cluster’s nginx configuration', () => {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-nginx-test-'));
  let refuseNext = true;
  const instance = http.createServer((request, response) => {
    const refuse = refuseNext;
    refuseNext = false;
    if (refuse) request.socket.destroy();
    else response.writeHead(200).end('ok');
  });
  let nginx: ReturnType<typeof spawn>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => instance.listen(listenPort + 1, '127.0.0.1', resolve));
    const confPath = path.join(prefix, 'nginx.conf');
    const config = nginxConfig({
      listenPort,
      prefix,
      runAsRoot: process.getuid?.() === 0,
      instances: [
        { port: listenPort + 1, ready: true },
        { port: listenPort + 2, ready: false },
      ],
    });
    fs.writeFileSync(confPath, config);
    nginx = spawn('nginx', ['-p', prefix, '-c', confPath], { stdio: 'ignore' });
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        await fetch(`http://127.0.0.1:${listenPort}/`, { method: 'HEAD' });
        break;
      } catch {
        await sleep(100);
      }
    }
    refuseNext = true;
  }, 30_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await new Promise((resolve) => instance.close(resolve));
    fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('keeps the last ready instance in rotation after one failed connection to it', async () => {
    expect((await fetch(`http://127.0.0.1:${listenPort}/`)).status).toBe(502);
    const next = await fetch(`http://127.0.0.1:${listenPort}/`);
    expect(next.status).toBe(200);
    expect(await next.text()).toBe('ok');
  });
});
