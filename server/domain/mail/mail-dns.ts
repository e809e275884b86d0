import dns from 'node:dns';
import type { MailStream } from '../../adapters/mail/mail.port';
import { dkimRecordValue, domainOfAddress, type DkimKeys } from './dkim-keys';
import { fromAddressOf, type MailStreamsConfig } from './mail-streams';
import { assertSiteAllowed, type SiteScope } from '../staff/site-scope';

export type MailDnsPurpose = 'dkim' | 'spf' | 'dmarc';
/** `published`: the record is there as shown; `different`: a record is there but not this one; `missing`: none; `unchecked`: DNS did not answer. */
export type MailDnsStatus = 'published' | 'different' | 'missing' | 'unchecked';

export interface MailDnsRecord {
  purpose: MailDnsPurpose;
  name: string;
  type: 'TXT';
  value: string;
  status: MailDnsStatus;
}

/** The one DNS call the check makes; tests hand in their own. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** A resolver that gives up quickly: the console page must not hang on a DNS server that does not answer. */
export function createSystemTxtResolver(): TxtResolver {
  const resolver = new dns.promises.Resolver({ timeout: 2_000, tries: 1 });
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}

/** Answers for a name that exist but hold nothing; any other error means DNS could not be asked. */
const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

class DnsUnreachable extends Error {}

const normalize = (value: string) => value.replace(/\s+/g, '').replace(/;$/, '').toLowerCase();

/** The records a sending domain needs, before they are checked. */
export function expectedRecords(domain: string, dkim: { keySelector: string; publicKey: string }, spfInclude: string | null) {
  return [
    { purpose: 'dkim' as const, name: `${dkim.keySelector}._domainkey.${domain}`, value: dkimRecordValue(dkim.publicKey) },
    { purpose: 'spf' as const, name: domain, value: `v=spf1 mx${spfInclude ? ` include:${spfInclude}` : ''} ~all` },
    // Quarantine, not reject: a forwarder that breaks a signature should not lose a member's reset mail.
    { purpose: 'dmarc' as const, name: `_dmarc.${domain}`, value: `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:dmarc@${domain}` },
  ];
}

/** Whether the published TXT strings carry what the record asks for. */
function statusOf(purpose: MailDnsPurpose, expected: string, published: string[], spfInclude: string | null): MailDnsStatus {
  if (purpose === 'dkim') {
    const dkim = published.filter((value) => /p=/i.test(value));
    if (!dkim.length) return 'missing';
    return dkim.some((value) => normalize(value) === normalize(expected)) ? 'published' : 'different';
  }
  if (purpose === 'spf') {
    const spf = published.filter((value) => /^v=spf1\b/i.test(value.trim()));
    if (!spf.length) return 'missing';
    return !spfInclude || spf.some((value) => value.toLowerCase().includes(`include:${spfInclude.toLowerCase()}`)) ? 'published' : 'different';
  }
  const dmarc = published.filter((value) => /^v=DMARC1\b/i.test(value.trim()));
  return dmarc.length ? 'published' : 'missing';
}

async function lookup(resolver: TxtResolver, name: string): Promise<string[]> {
  try {
    // A long TXT record comes in 255-byte strings; joined, they are the one value.
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    if (NO_RECORD_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw new DnsUnreachable((error as Error).message);
  }
}

export interface SendingDomainRecords {
  domain: string;
  streams: MailStream[];
  records: MailDnsRecord[];
}

/**
 * What a site's operator publishes so that its mail is signed and aligned (DKIM, SPF, DMARC),
 * one set per sending domain, and whether DNS already answers with it. When DNS cannot be
 * asked (no network, a resolver down) every record says `unchecked` and `dnsReachable` is false.
 */
export function createMailDnsService(deps: {
  dkim: DkimKeys;
  streams: MailStreamsConfig;
  spfInclude: string | null;
  resolver: TxtResolver;
  /** The site by id; throws `not_found` when there is none. */
  getSite: (siteId: number) => Promise<{ domain: string; supportEmail: string | null }>;
}) {
  return {
    /**
     * The records of a site's sending domains, each checked against DNS. A site outside the
     * staff member's scope is not found (ADR 0060), before DNS is asked anything.
     */
    async check(siteId: number, scope: SiteScope): Promise<{ dnsReachable: boolean; domains: SendingDomainRecords[] }> {
      assertSiteAllowed(scope, siteId);
      const site = await deps.getSite(siteId);
      const byDomain = new Map<string, MailStream[]>();
      for (const stream of ['transactional', 'bulk'] as const) {
        const domain = domainOfAddress(fromAddressOf(site, stream, deps.streams)) ?? site.domain;
        byDomain.set(domain, [...(byDomain.get(domain) ?? []), stream]);
      }
      let dnsReachable = true;
      const domains: SendingDomainRecords[] = [];
      for (const [domain, streams] of byDomain) {
        const key = await deps.dkim.keyFor(domain);
        const records: MailDnsRecord[] = [];
        for (const record of expectedRecords(domain, key, deps.spfInclude)) {
          let status: MailDnsStatus = 'unchecked';
          if (dnsReachable) {
            try {
              status = statusOf(record.purpose, record.value, await lookup(deps.resolver, record.name), deps.spfInclude);
            } catch (error) {
              if (!(error instanceof DnsUnreachable)) throw error;
              dnsReachable = false;
            }
          }
          records.push({ ...record, type: 'TXT', status });
        }
        domains.push({ domain, streams, records });
      }
      if (!dnsReachable) for (const entry of domains) for (const record of entry.records) record.status = 'unchecked';
      return { dnsReachable, domains };
    },
  };
}

export type MailDnsService = ReturnType<typeof createMailDnsService>;
