import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteThemes } from '../../domain/sites/site-theme-styles';

/** Addressed by content hash: a change gets a new address, so browsers and CDNs may keep these for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An old address (a page cached before an edit) gets today's theme, re-checked on every use. */
const STALE = 'public, max-age=0, must-revalidate';

const SheetParams = z.object({ file: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{1,32}\.css$/) });
const FontParams = z.object({ file: z.string().regex(/^[a-z]{1,20}\.[A-Za-z0-9_-]{1,32}\.woff2$/) });

/**
 * The site's stylesheet (`/theme/<site id>.<hash>.css`, CSS variables over Bootstrap, ADR 0041)
 * and the bundled font files. The site is the host's, as for pages: another site's id is not found.
 */
export const themeRoutes: FastifyPluginAsyncZod<{ siteThemes: SiteThemes }> = async (app, { siteThemes }) => {
  app.get('/theme/:file', { schema: { hide: true, params: SheetParams } }, async (request, reply) => {
    const [id, hash] = request.params.file.split('.');
    if (Number(id) !== request.site.id) return reply.callNotFound();
    const sheet = siteThemes.stylesheetOf(request.site);
    return reply
      .header('cache-control', hash === sheet.hash ? IMMUTABLE : STALE)
      .type('text/css; charset=utf-8')
      .send(sheet.css);
  });

  app.get('/theme/fonts/:file', { schema: { hide: true, params: FontParams } }, async (request, reply) => {
    const [name, hash] = request.params.file.split('.');
    const font = siteThemes.findFont(name);
    if (!font || font.hash !== hash) return reply.callNotFound();
    return reply.header('cache-control', IMMUTABLE).header('access-control-allow-origin', '*').type('font/woff2').send(font.data);
  });
};
