import { z } from 'zod';

/** `GET /api/admin/sites/:id/mail-dns`: the DNS records a site's sending domains need, and whether DNS has them. */
export const MailDnsRecord = z.object({
  purpose: z.enum(['dkim', 'spf', 'dmarc']),
  name: z.string(),
  type: z.literal('TXT'),
  value: z.string(),
  /** `unchecked`: DNS did not answer (no network, or the resolver is down). */
  status: z.enum(['published', 'different', 'missing', 'unchecked']),
});
export type MailDnsRecord = z.infer<typeof MailDnsRecord>;

export const MailDnsResponse = z.object({
  dns_reachable: z.boolean(),
  domains: z.array(z.object({ domain: z.string(), streams: z.array(z.enum(['transactional', 'bulk'])), records: z.array(MailDnsRecord) })),
});
export type MailDnsResponse = z.infer<typeof MailDnsResponse>;
