import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../../adapters/mail/mail.port';
import { createDeliveringMailer } from './delivering-mailer';
import type { DkimKeys } from './dkim-keys';
import type { MailStreamsConfig } from './mail-streams';
import { createVerpTokens, MAX_LOCAL_PART, verpTokenOfAddress } from './verp-token';

const tokens = createVerpTokens('verp-test-secret-0123456789');
const streams: MailStreamsConfig = {
  transactional: { fromLocalPart: null, returnPathLocalPart: 'bounces' },
  bulk: { fromLocalPart: null, returnPathLocalPart: 'bounces-bulk' },
  verp: true,
  unsubscribeLocalPart: null,
};

describe('VERP tokens', () => {
  it('round-trips: the token names the account and verifies against its address, whatever the case', () => {
    const token = tokens.issue(4711, 'Anna.Berg@Mailbox.example');
    expect(token).toBe(tokens.issue(4711, 'anna.berg@mailbox.example')); // stable
    const claim = tokens.read(token)!;
    expect(claim.userId).toBe(4711);
    expect(tokens.matches(claim, 'anna.berg@mailbox.example')).toBe(true);
    expect(tokens.read(token.toUpperCase())).toEqual(claim); // an MTA that folds case
  });

  it('shows nothing of the address and fits a local part', () => {
    const token = tokens.issue(2_147_483_647, 'anna.berg@mailbox.example');
    expect(token).toMatch(/^[0-9a-z]+-[0-9a-f]{24}$/);
    expect(token).not.toMatch(/anna|berg|mailbox/);
    expect(`bounces-bulk+${token}`.length).toBeLessThanOrEqual(MAX_LOCAL_PART);
  });

  it('refuses a forged, tampered or foreign token, and one of an address changed since', () => {
    const token = tokens.issue(42, 'anna@mailbox.example');
    const [id, mac] = token.split('-');
    const otherAccount = tokens.read(`${(43).toString(36)}-${mac}`)!;
    expect(tokens.matches(otherAccount, 'anna@mailbox.example')).toBe(false);
    const flipped = tokens.read(`${id}-${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`)!;
    expect(tokens.matches(flipped, 'anna@mailbox.example')).toBe(false);
    const foreign = createVerpTokens('another-deployments-secret').issue(42, 'anna@mailbox.example');
    expect(tokens.matches(tokens.read(foreign)!, 'anna@mailbox.example')).toBe(false);
    expect(tokens.matches(tokens.read(token)!, 'anna.new@mailbox.example')).toBe(false);
    for (const malformed of [
      '',
      '42',
      `${id}-${mac}0`,
      `${id}-${mac.slice(1)}`,
      `0-${mac}`,
      `zzzzzzzz-${mac}`,
      `${id}_${mac}`,
      `${id}-${mac.replace(/./, 'g')}`,
    ]) {
      expect(tokens.read(malformed), malformed).toBeNull();
    }
  });

  it('reads the token and stream of an envelope recipient, and nothing of other addresses', () => {
    expect(verpTokenOfAddress('bounces-bulk+1a-0123456789abcdef01234567@site.test', streams)).toEqual({ token: '1a-0123456789abcdef01234567', stream: 'bulk' });
    expect(verpTokenOfAddress('<Bounces+1a-x@site.test>', streams)).toEqual({ token: '1a-x', stream: 'transactional' });
    for (const other of ['bounces@site.test', 'postmaster+1a-x@site.test', 'bounces+1a-x', 'not an address', '']) {
      expect(verpTokenOfAddress(other, streams), other).toBeNull();
    }
  });
});

describe('the delivering step with VERP on', () => {
  const sent: OutgoingMail[] = [];
  const transport: Mailer = { send: async (mail) => void sent.push(mail) };
  const dkim = { keyFor: async () => undefined } as unknown as DkimKeys;
  const deliver = (localPart: string, token: string | null) =>
    createDeliveringMailer({
      transports: { transactional: transport, bulk: transport },
      dkim,
      streams: { ...streams, bulk: { fromLocalPart: null, returnPathLocalPart: localPart } },
      bounceToken: async () => token,
    }).send({ kind: 'notify.like', siteDomain: 'site.test', from: 'hello@site.test', to: 'anna@mailbox.example', subject: 's', text: 't' });

  it('puts the token in the bounce address, and keeps the plain one without a token or past 64 characters', async () => {
    await deliver('bounces-bulk', '1a-0123456789abcdef01234567');
    expect(sent.at(-1)!.returnPath).toBe('bounces-bulk+1a-0123456789abcdef01234567@site.test');
    await deliver('bounces-bulk', null); // an address no account uses yet
    expect(sent.at(-1)!.returnPath).toBe('bounces-bulk@site.test');
    await deliver('b'.repeat(40), '1a-0123456789abcdef01234567');
    expect(sent.at(-1)!.returnPath).toBe(`${'b'.repeat(40)}@site.test`);
  });
});
