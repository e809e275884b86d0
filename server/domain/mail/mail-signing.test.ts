import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { dkimTagsOf, findDkimProblem } from '../../../tests/setup/dkim-verify';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createOutboxMailer } from '../../adapters/mail/nodemailer-mailer';
import type { SiteRow } from '../../db/schema/index';
import type { TxtResolver } from './mail-dns';

/** DNS as the test sets it: name → TXT strings, or an error code for every name. */
const dnsAnswers = new Map<string, string[][]>();
let dnsDown: string | null = null;
const resolver: TxtResolver = {
  async resolveTxt(name) {
    if (dnsDown) throw Object.assign(new Error(`queryTxt ${dnsDown} ${name}`), { code: dnsDown });
    const answer = dnsAnswers.get(name);
    if (!answer) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return answer;
  },
};

let ctx: TestContext;
let outboxDir: string;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;

beforeAll(async () => {
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-dkim-'));
  ctx = await createTestContext({ services: { mailer: createOutboxMailer(outboxDir), dnsResolver: resolver } });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  site = await createSite(ctx.db, { domain: 'signed.test', name: 'Signed', supportEmail: 'hello@signed.test' });
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const mailDns = async (siteId: number) => {
  const response = await ctx.app.inject({ url: `/api/admin/sites/${siteId}/mail-dns`, cookies: admin.cookies });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    dns_reachable: boolean;
    domains: { domain: string; streams: string[]; records: { purpose: string; name: string; value: string; status: string }[] }[];
  };
};
const keptMails = () =>
  fs
    .readdirSync(outboxDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8'));

describe('DKIM signing', () => {
  it('signs every kept mail, transactional and bulk, with the key whose record the console shows', async () => {
    const anna = await createVisibleMember(ctx, site, { name: 'Anna' });
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/password-reset.php', payload: { email: anna.email }, headers: { host: 'signed.test' } });
    expect(reset.statusCode).toBe(200);
    await ctx.services.notifier.notify(anna.id, 'new_messages', { template: 'no_such_template', path: '/chats' }, { key: 'dkim-test' });

    const { domains } = await mailDns(site.id);
    expect(domains.map((entry) => entry.domain)).toEqual(['signed.test']);
    const dkimRecord = domains[0].records.find((record) => record.purpose === 'dkim')!;
    expect(dkimRecord.name).toBe('rdv1._domainkey.signed.test');
    const publicKey = /p=([A-Za-z0-9+/=]+)/.exec(dkimRecord.value)![1];

    const mails = keptMails();
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      expect(findDkimProblem(mail, publicKey)).toBeNull();
      expect(dkimTagsOf(mail)).toMatchObject({ d: 'signed.test', s: 'rdv1', c: 'relaxed/relaxed' });
    }
    // A changed body no longer verifies: the check is real.
    expect(findDkimProblem(mails[0].replace('Hello', 'Hullo'), publicKey)).not.toBeNull();
  });

  it('keeps each sending domain’s key, and gives another domain its own', async () => {
    const first = await mailDns(site.id);
    const second = await mailDns(site.id);
    expect(second.domains[0].records[0].value).toBe(first.domains[0].records[0].value);
    const other = await createSite(ctx.db, { domain: 'other-signed.test', supportEmail: '' });
    const otherRecords = await mailDns(other.id);
    expect(otherRecords.domains[0].records[0].value).not.toBe(first.domains[0].records[0].value);
  });
});

describe('the console’s mail DNS records', () => {
  it('says which records DNS already has and which are missing', async () => {
    const { domains } = await mailDns(site.id);
    const [dkim, spf, dmarc] = domains[0].records;
    expect([dkim.purpose, spf.purpose, dmarc.purpose]).toEqual(['dkim', 'spf', 'dmarc']);
    expect(spf).toMatchObject({ name: 'signed.test', value: 'v=spf1 mx ~all' });
    expect(dmarc.name).toBe('_dmarc.signed.test');
    // The DKIM record split in 255-byte strings, as DNS serves a long TXT record.
    const chunks = dkim.value.match(/.{1,255}/g)!;
    dnsAnswers.set(dkim.name, [chunks]);
    dnsAnswers.set(dmarc.name, [['v=DMARC1; p=none']]);
    dnsAnswers.set('signed.test', [['google-site-verification=x']]);
    const checked = await mailDns(site.id);
    expect(checked.dns_reachable).toBe(true);
    expect(checked.domains[0].records.map((record) => record.status)).toEqual(['published', 'missing', 'published']);
    dnsAnswers.set(dkim.name, [['v=DKIM1; k=rsa; p=AAAA']]);
    expect((await mailDns(site.id)).domains[0].records[0].status).toBe('different');
  });

  it('says plainly when DNS cannot be asked', async () => {
    dnsDown = 'ECONNREFUSED';
    try {
      const checked = await mailDns(site.id);
      expect(checked.dns_reachable).toBe(false);
      expect(checked.domains[0].records.every((record) => record.status === 'unchecked')).toBe(true);
    } finally {
      dnsDown = null;
    }
  });

  it('answers 404 for a site that does not exist and 401 without a staff session', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/sites/999999/mail-dns', cookies: admin.cookies })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/admin/sites/${site.id}/mail-dns` })).statusCode).toBe(401);
  });
});
