import type { FastifyPluginAsync } from 'fastify';
import type { MediaStorage } from '../../adapters/storage/storage.port';
import { AppError } from '../../domain/shared/app-error';

/**
 * Media files never change under a name (every upload gets a new random one), so browsers may
 * keep them for a week without asking again. `private`: no shared cache (a CDN, a proxy) holds
 * a member's photo after they delete it (ADR 0044).
 */
export const MEDIA_CACHE_CONTROL = 'private, max-age=604800, immutable';

/** A key as the app writes them: plain segments of letters, digits, `.`, `_` and `-`. */
const SERVABLE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/**
 * `GET /media/<key>` streamed from the configured store (object storage): the same addresses,
 * caching and answers as the files @fastify/static serves from the local disk, so pages and
 * the API do not know where a photo lives. Chat photos are not here: they stay behind
 * `/api/message-photo.php`'s access check.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: MediaStorage }> = async (app, { storage }) => {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!SERVABLE_KEY.test(key)) throw new AppError('not_found');
    const ifNoneMatch = request.headers['if-none-match'];
    const opened = await storage.open(key, { ifNoneMatch });
    if (!opened) throw new AppError('not_found');
    reply.header('cache-control', MEDIA_CACHE_CONTROL);
    if (opened === 'not-modified') return reply.status(304).header('etag', ifNoneMatch).send();
    return reply.header('content-type', opened.contentType).header('content-length', opened.size).header('etag', opened.etag).send(opened.body);
  });
};
