import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailDnsResponse } from '../../../../contract/admin/mail-dns';
import { SiteIdParams } from '../../../../contract/admin/sites';
import { ErrorBody } from '../../../../contract/errors';
import type { MailDnsService } from '../../../domain/mail/mail-dns';
import { siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A site's mail DNS records (DKIM, SPF, DMARC) for the console's site page. */
export const mailDnsRoutes: FastifyPluginAsyncZod<{ mailDns: MailDnsService }> = async (app, { mailDns }) => {
  app.get(
    '/api/admin/sites/:id/mail-dns',
    { schema: { tags: ['admin'], params: SiteIdParams, response: { 200: MailDnsResponse, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => {
      const { dnsReachable, domains } = await mailDns.check(request.params.id, siteScopeOf(request));
      return { dns_reachable: dnsReachable, domains };
    },
  );
};
