import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteIdParams } from '../../../../contract/admin/sites';
import { ErrorBody } from '../../../../contract/errors';
import { AdminThemeResponse, ThemeImageParams, UpdateThemeInput } from '../../../../contract/theme';
import type { SiteRow } from '../../../domain/sites/sites.service';
import { MAX_UPLOAD_BYTES } from '../../../domain/photos/image-processing';
import type { SiteThemes } from '../../../domain/sites/site-theme-styles';
import type { SiteThemeService } from '../../../domain/sites/site-theme.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';
import { readImageUpload } from '../multipart-reading';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['admin'];
const SiteImageParams = SiteIdParams.extend(ThemeImageParams.shape);

/** A site's look (ADR 0041): read, save colours/font/radius, upload or remove its logo and hero image. */
export const siteThemeRoutes: FastifyPluginAsyncZod<{ siteTheme: SiteThemeService; siteThemes: SiteThemes }> = async (app, { siteTheme, siteThemes }) => {
  // Images arrive as multipart; oversized files are refused while streaming.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 } });
  const present = (site: SiteRow) => ({ site_id: site.id, version: site.version, theme: siteTheme.present(site), css: siteThemes.stylesheetOf(site).href });

  app.get(
    '/api/admin/sites/:id/theme',
    { schema: { tags, params: SiteIdParams, response: { 200: AdminThemeResponse, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => present(await siteTheme.get(request.params.id, siteScopeOf(request))),
  );

  app.put(
    '/api/admin/sites/:id/theme',
    { schema: { tags, params: SiteIdParams, body: UpdateThemeInput, response: { 200: AdminThemeResponse, ...errors } }, config: { staff: 'sites.write' } },
    async (request) => present(await siteTheme.update(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/sites/:id/theme/:image',
    {
      schema: { tags, params: SiteImageParams, consumes: ['multipart/form-data'], response: { 200: AdminThemeResponse, ...errors } },
      config: { staff: 'sites.write' },
    },
    async (request) => {
      const upload = await readImageUpload(request);
      return present(await siteTheme.setImage(actorOf(request), request.params.id, request.params.image, upload.data, upload.mimetype));
    },
  );

  app.delete(
    '/api/admin/sites/:id/theme/:image',
    { schema: { tags, params: SiteImageParams, response: { 200: AdminThemeResponse, ...errors } }, config: { staff: 'sites.write' } },
    async (request) => present(await siteTheme.removeImage(actorOf(request), request.params.id, request.params.image)),
  );
};
