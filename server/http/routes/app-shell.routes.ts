import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandOf } from '../../domain/sites/site-brand';
import type { Translator } from '../../i18n/translator';
import { APP_ICONS, createAppIconCache, findAppIcon } from '../app-shell/app-icon';
import { offlinePageHtml } from '../app-shell/offline-page';
import { webManifest } from '../app-shell/web-manifest';

/** Read once: the worker is a plain script, the same for every site. */
const serviceWorkerSource = fs.readFileSync(new URL('../app-shell/service-worker.js', import.meta.url), 'utf8');

/** Browsers check a worker for updates at most daily anyway; no-cache makes each check real. */
const NO_CACHE = 'no-cache';
/** Icons and manifest change only with the site's name: an hour is fresh enough. */
const ONE_HOUR = 'public, max-age=3600';

const IconParams = z.object({ file: z.enum(APP_ICONS.map((icon) => icon.file) as [string, ...string[]]) });

/**
 * The installed app (issue 17): the service worker at the site root (so its scope is the whole
 * site), the brand's manifest and icons, and the page the worker keeps for when there is no network.
 */
export const appShellRoutes: FastifyPluginAsyncZod<{ translator: Translator }> = async (app, { translator }) => {
  const icons = createAppIconCache();

  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).header('service-worker-allowed', '/').type('text/javascript; charset=utf-8').send(serviceWorkerSource),
  );

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', ONE_HOUR)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(brandOf(request.site), request.language))),
  );

  app.get('/app-icon/:file', { schema: { hide: true, params: IconParams } }, async (request, reply) => {
    const icon = findAppIcon(request.params.file)!;
    const png = await icons.render(request.site.id, brandOf(request.site), icon.file);
    return reply.header('cache-control', ONE_HOUR).type('image/png').send(png);
  });

  app.get('/offline', { schema: { hide: true } }, async (request, reply) => {
    const t = translator.forLanguage(request.language);
    const html = offlinePageHtml(brandOf(request.site), request.language, {
      title: t('app_shell.offline_title'),
      body: t('app_shell.offline_body'),
      retry: t('app_shell.offline_retry'),
    });
    return reply
      .header('cache-control', NO_CACHE)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
};
