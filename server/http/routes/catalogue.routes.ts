import type { FastifyPluginAsync } from 'fastify';
import type { Translator } from '../../i18n/translator';

/** A year, and never revalidated: the address changes with the content (`catalogue-assets.ts`). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The browser's translations as static files (issue 20): `/locales/<namespace>/<language>.<hash>.json`.
 * The same for every site, so no site is looked up for them. An unknown file, or a hash from an
 * older deploy, is a plain 404 — never another version's texts under that address.
 */
export const catalogueRoutes: FastifyPluginAsync<{ translator: Translator }> = async (app, { translator }) => {
  app.get('/locales/*', { schema: { hide: true } }, async (request, reply) => {
    const asset = translator.catalogues.find(request.url.split('?')[0]!);
    if (!asset) return reply.callNotFound();
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).header('cache-control', IMMUTABLE).header('etag', asset.etag).send();
    return reply.header('cache-control', IMMUTABLE).header('etag', asset.etag).type('application/json; charset=utf-8').send(asset.body);
  });
};
