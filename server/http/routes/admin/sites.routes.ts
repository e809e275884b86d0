import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBundle,
  AdminSite,
  BundleIdParams,
  BundleListResponse,
  CreateBundleInput,
  CreateSiteInput,
  SiteIdParams,
  SiteListQuery,
  SiteListResponse,
  UpdateBundleInput,
  UpdateSiteInput,
} from '../../../../contract/admin/sites';
import { ErrorBody } from '../../../../contract/errors';
import type { SiteAdminService } from '../../../domain/sites/site-admin.service';
import { presentAdminSite, presentBundle, presentSiteListItem } from '../../../domain/sites/site-admin-presenter';
import type { SiteUrls } from '../../../domain/sites/site-urls';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';
import { SITE_SETTINGS_BODY_LIMIT } from '../../json-body';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/**
 * Sites (brands): the list, one site's settings, creating, editing, disabling; its credit bundles.
 * Staff limited to chosen sites see and change only those (ADR 0060).
 */
export const siteAdminRoutes: FastifyPluginAsyncZod<{ siteAdmin: SiteAdminService; siteUrls: SiteUrls }> = async (app, { siteAdmin, siteUrls }) => {
  const urlOf = (site: { domain: string }) => siteUrls.originOf(site);

  app.get(
    '/api/admin/sites',
    { schema: { tags, querystring: SiteListQuery, response: { 200: SiteListResponse, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => {
      const { rows, hasMore } = await siteAdmin.list(request.query, siteScopeOf(request));
      return {
        items: rows.map((row) => presentSiteListItem(row, urlOf(row))),
        page: request.query.page,
        page_size: request.query.page_size,
        has_more: hasMore,
      };
    },
  );

  app.get(
    '/api/admin/sites/:id',
    { schema: { tags, params: SiteIdParams, response: { 200: AdminSite, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => {
      const site = await siteAdmin.get(request.params.id, siteScopeOf(request));
      return presentAdminSite(site, urlOf(site));
    },
  );

  // A site's settings carry every language's texts and custom pages: the one call past the
  // default 64 KB, read only from signed-in staff (checked at onRequest).
  const settingsSave = { bodyLimit: SITE_SETTINGS_BODY_LIMIT, config: { staff: 'sites.write' as const } };

  app.post(
    '/api/admin/sites',
    { schema: { tags, body: CreateSiteInput, response: { 201: AdminSite, ...errors } }, ...settingsSave },
    async (request, reply) => {
      const site = await siteAdmin.create(actorOf(request), request.body);
      return reply.status(201).send(presentAdminSite(site, urlOf(site)));
    },
  );

  app.patch(
    '/api/admin/sites/:id',
    { schema: { tags, params: SiteIdParams, body: UpdateSiteInput, response: { 200: AdminSite, ...errors } }, ...settingsSave },
    async (request) => {
      const site = await siteAdmin.update(actorOf(request), request.params.id, request.body);
      return presentAdminSite(site, urlOf(site));
    },
  );

  app.get(
    '/api/admin/sites/:id/bundles',
    { schema: { tags, params: SiteIdParams, response: { 200: BundleListResponse, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => ({ bundles: (await siteAdmin.listBundles(request.params.id, siteScopeOf(request))).map(presentBundle) }),
  );

  app.post(
    '/api/admin/sites/:id/bundles',
    { schema: { tags, params: SiteIdParams, body: CreateBundleInput, response: { 201: AdminBundle, ...errors } }, config: { staff: 'sites.write' } },
    async (request, reply) => reply.status(201).send(presentBundle(await siteAdmin.createBundle(actorOf(request), request.params.id, request.body))),
  );

  app.patch(
    '/api/admin/sites/:id/bundles/:bundleId',
    { schema: { tags, params: BundleIdParams, body: UpdateBundleInput, response: { 200: AdminBundle, ...errors } }, config: { staff: 'sites.write' } },
    async (request) => presentBundle(await siteAdmin.updateBundle(actorOf(request), request.params.id, request.params.bundleId, request.body)),
  );
};
