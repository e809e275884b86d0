import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../mail/nodemailer-mailer';
import { createHttpSmsSender } from './http-sms';
import { createOutboxSmsSender } from './outbox-sms';

describe('outbox SMS', () => {
  it('lands in the mail outbox, newest first, so the outbox page lists it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-sms-'));
    try {
      const sender = createOutboxSmsSender(dir);
      await sender.send({ to: '+31612345678', text: 'Your Site code: 123456', kind: 'sepa_mandate_code' });
      await sender.send({ to: '+31699990000', text: 'Your Site code: 654321', kind: 'sepa_mandate_code' });
      const entries = listOutbox(dir);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ to: '+31699990000', text: 'Your Site code: 654321', kind: 'sepa_mandate_code', subject: 'SMS' });
      expect(entries[1].to).toBe('+31612345678');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('HTTP SMS gateway', () => {
  const received: { method?: string; authorization?: string; type?: string; body: string }[] = [];
  let answer: { status: number; delayMs?: number } = { status: 202 };
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ method: request.method, authorization: request.headers.authorization, type: request.headers['content-type'], body });
        setTimeout(() => response.writeHead(answer.status).end('{}'), answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('posts the number and text as JSON with the bearer token', async () => {
    answer = { status: 202 };
    await createHttpSmsSender({ url, token: 'secret-token' }).send({ to: '+31612345678', text: 'Your code: 123456', kind: 'sepa_mandate_code' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      authorization: 'Bearer secret-token',
      type: 'application/json',
      body: JSON.stringify({ to: '+31612345678', text: 'Your code: 123456' }),
    });
  });

  it('fails on a refusal, without echoing the message', async () => {
    answer = { status: 500 };
    await expect(createHttpSmsSender({ url }).send({ to: '+31612345678', text: 'Your code: 123456', kind: 'x' })).rejects.toThrow(
      /^SMS provider answered 500$/,
    );
  });

  it('gives up on a gateway that does not answer in time', async () => {
    answer = { status: 200, delayMs: 2_000 };
    const started = Date.now();
    await expect(createHttpSmsSender({ url, timeoutMs: 100 }).send({ to: '+31612345678', text: 'x', kind: 'x' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
