import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config';
import { isNginxInstalled } from './nginx-installed';

const hasNginx = isNginxInstalled();

/**
 * A port nothing listens on now, chosen by the system. A port derived from the process id fell
 * in the range the system hands out for outgoing connections, and under the full suite another
 * test's connection once held it, so nginx could not listen and the test failed.
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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
  let listenPort = 0;

  beforeAll(async () => {
    // NGINX_TEST_PORT pins nginx's port on a shared machine; otherwise the system picks them.
    listenPort = Number(process.env.NGINX_TEST_PORT ?? (await freePort()));
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const livePort = (instance.address() as net.AddressInfo).port;
    const confPath = path.join(prefix, 'nginx.conf');
    const config = nginxConfig({
      listenPort,
      prefix,
      runAsRoot: process.getuid?.() === 0,
      instances: [
        { port: livePort, ready: true },
        { port: await freePort(), ready: false },
      ],
    });
    fs.writeFileSync(confPath, config);
    nginx = spawn('nginx', ['-p', prefix, '-c', confPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    let complaint = '';
    nginx.stderr?.on('data', (chunk: Buffer) => (complaint += chunk.toString()));
    for (let attempt = 0; ; attempt++) {
      try {
        await fetch(`http://127.0.0.1:${listenPort}/`, { method: 'HEAD' });
        break;
      } catch {
        // An nginx that could not start says why, instead of a refused connection later.
        if (nginx.exitCode !== null || attempt === 200)
          throw new Error(`nginx did not start on port ${listenPort}: ${complaint || `exit code ${nginx.exitCode}`}`);
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
