import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPartnerCard,
  CreatePartnerCardInput,
  PartnerCardIdParams,
  PartnerCardsList,
  PartnerCardsQuery,
  UpdatePartnerCardInput,
} from '../../../../contract/admin/partner-cards';
import { ErrorBody } from '../../../../contract/errors';
import type { MediaStorage } from '../../../adapters/storage/storage.port';
import { presentAdminPartnerCard } from '../../../domain/partners/partner-cards-presenter';
import type { PartnerCardsService } from '../../../domain/partners/partner-cards.service';
import { MAX_UPLOAD_BYTES } from '../../../domain/photos/image-processing';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';
import { readImageUpload } from '../multipart-reading';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['admin'];

/**
 * Partner cards (issue 18): owners and admins list, add, edit and deactivate them, and upload their
 * images; staff limited to chosen sites, those sites' cards (ADR 0060).
 */
export const partnerCardsRoutes: FastifyPluginAsyncZod<{ partnerCards: PartnerCardsService; storage: MediaStorage }> = async (
  app,
  { partnerCards, storage },
) => {
  // The image arrives as multipart; oversized files are refused while streaming.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 } });
  const present = (row: Parameters<typeof presentAdminPartnerCard>[0]) => presentAdminPartnerCard(row, storage);

  app.get(
    '/api/admin/partner-cards',
    { schema: { tags, querystring: PartnerCardsQuery, response: { 200: PartnerCardsList, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => ({ items: (await partnerCards.list(request.query.site_id ?? null, siteScopeOf(request))).map(present) }),
  );

  app.get(
    '/api/admin/partner-cards/:id',
    { schema: { tags, params: PartnerCardIdParams, response: { 200: AdminPartnerCard, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => present(await partnerCards.get(request.params.id, siteScopeOf(request))),
  );

  app.post(
    '/api/admin/partner-cards',
    { schema: { tags, body: CreatePartnerCardInput, response: { 201: AdminPartnerCard, ...errors } }, config: { staff: 'sites.write' } },
    async (request, reply) => {
      const { site_id, sort_order, ...fields } = request.body;
      const created = await partnerCards.create(actorOf(request), { ...fields, siteId: site_id, sortOrder: sort_order });
      return reply.status(201).send(present(created));
    },
  );

  app.patch(
    '/api/admin/partner-cards/:id',
    {
      schema: { tags, params: PartnerCardIdParams, body: UpdatePartnerCardInput, response: { 200: AdminPartnerCard, ...errors } },
      config: { staff: 'sites.write' },
    },
    async (request) => {
      const { site_id, sort_order, ...fields } = request.body;
      return present(
        await partnerCards.update(actorOf(request), request.params.id, {
          ...fields,
          ...(site_id !== undefined && { siteId: site_id }),
          ...(sort_order !== undefined && { sortOrder: sort_order }),
        }),
      );
    },
  );

  app.post(
    '/api/admin/partner-cards/:id/image',
    {
      schema: { tags, params: PartnerCardIdParams, consumes: ['multipart/form-data'], response: { 200: AdminPartnerCard, ...errors } },
      config: { staff: 'sites.write' },
    },
    async (request) => {
      const upload = await readImageUpload(request);
      return present(await partnerCards.setImage(actorOf(request), request.params.id, upload.data, upload.mimetype));
    },
  );
};
