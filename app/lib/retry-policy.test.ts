import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayRetry } from './retry-policy';

describe('mayRetry', () => {
  it('repeats reads, settings and removals', () => {
    expect(mayRetry('GET', '/api/chats.php')).toBe(true);
    expect(mayRetry('PUT', '/api/user.php', { language: 'de' })).toBe(true);
    expect(mayRetry('DELETE', '/api/chat.php', { conversation: { id: 1 } })).toBe(true);
  });

  it('repeats a POST that carries an idempotency key: a paid action is charged once', () => {
    expect(mayRetry('POST', '/api/messages.php', { conversation_id: 1, body: 'hi', client_id: 'a1b2c3d4' })).toBe(true);
    expect(mayRetry('POST', '/api/gifts.php', { profile_id: 1, gift_id: 'rose', client_id: 'a1b2c3d4' })).toBe(true);
    expect(mayRetry('POST', '/api/orders.php?repeat=1', { client_id: 'a1b2c3d4' })).toBe(true);
  });

  it('repeats a POST that sets one state', () => {
    expect(mayRetry('POST', '/api/like.php', { profile_id: 1 })).toBe(true);
    expect(mayRetry('POST', '/api/swipe.php', { profile_id: 1, action: 'pass' })).toBe(true);
    expect(mayRetry('POST', '/api/user.php?push=1', { subscription: {} })).toBe(true);
    expect(mayRetry('POST', '/api/directdebit.php', { action: 'confirm', mandate_id: 3, code: '123456' })).toBe(true);
  });

  it('sends once what a repeat could double: reports, texts and mails, accounts, log-ins', () => {
    expect(mayRetry('POST', '/api/reports.php', { reason: 'other', text: 'x' })).toBe(false);
    expect(mayRetry('POST', '/api/directdebit.php', { action: 'mandate', order_id: 3 })).toBe(false);
    expect(mayRetry('POST', '/api/directdebit.php', { action: 'resend', mandate_id: 3 })).toBe(false);
    expect(mayRetry('POST', '/api/password-reset.php', { email: 'a@b.cd' })).toBe(false);
    expect(mayRetry('POST', '/api/signup.php', { email: 'a@b.cd' })).toBe(false);
    expect(mayRetry('POST', '/api/user.php', { email: 'a@b.cd', password: 'x' })).toBe(false);
    expect(mayRetry('PATCH', '/api/admin/staff/1', { version: 2 })).toBe(false);
  });
});

/** Every member page's file, to hold them to the rule above (the console has its own, ADR 0071). */
function memberAppFiles(dir = 'app'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : memberAppFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('member pages', () => {
  it('never lower the spec’s retries at a call site', () => {
    const lowering = memberAppFiles().filter(
      (file) => /\bretries\s*:/.test(fs.readFileSync(file, 'utf8')) && !file.endsWith(path.join('lib', 'api-client.ts')),
    );
    expect(lowering).toEqual([]);
  });
});
