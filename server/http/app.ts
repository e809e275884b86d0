import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Services } from '../services';
import { installErrorHandler } from './error-handler';
import { addSecurityHeaders } from './security-headers';
import { authPlugin } from './auth';
import { csrfPlugin } from './csrf';
import { chatRoutes } from './routes/chat.routes';
import { requestContextPlugin } from './request-context';
import { accountRoutes } from './routes/account.routes';
import { appShellRoutes } from './routes/app-shell.routes';
import { catalogueRoutes } from './routes/catalogue.routes';
import { themeRoutes } from './routes/theme.routes';
import { beaconRoutes } from './routes/beacon.routes';
import { geoRoutes } from './routes/geo.routes';
import { giftsRoutes } from './routes/gifts.routes';
import { demoCheckoutRoutes } from './routes/demo-checkout.routes';
import { directDebitRoutes } from './routes/direct-debit.routes';
import { paymentsRoutes, paymentWebhookRoutes } from './routes/payments.routes';
import { deletionOfferRoutes } from './routes/deletion-offer.routes';
import { likesRoutes } from './routes/likes.routes';
import { fictionalConfirmationRoutes } from './routes/fictional-confirmation.routes';
import { membersRoutes } from './routes/members.routes';
import { photosRoutes } from './routes/photos.routes';
import { healthRoutes } from './routes/health.routes';
import { sessionRoutes } from './routes/session.routes';
import { siteRoutes } from './routes/site.routes';
import { registerSsr, type SsrOptions } from './ssr';
import { wsGateway } from './ws-gateway';
import { outboxAccessFor, outboxAccessPlugin } from './outbox-access';
import { staffAuthPlugin } from './admin/staff-auth';
import { adminRoutes } from './routes/admin/admin.routes';
import { reportsRoutes } from './routes/reports.routes';
import { mailEventsRoutes, unsubscribeRoutes } from './routes/mail-notifications.routes';
import { pushSubscriptionsRoutes } from './routes/push-subscriptions.routes';
import { MEDIA_CACHE_CONTROL, mediaRoutes } from './routes/media.routes';
import { pageCacheInvalidationPlugin, pageCacheSettingsFor } from './page-cache-invalidation';
import { memberPageCacheSettingsFor } from './member-page-cache';
import { httpObservabilityPlugin } from '../observability/http-observability';
import { createMetricsAccess } from '../observability/metrics-access';
import { requestIdOf } from '../observability/request-id';

export interface HttpOptions {
  /** Page rendering; tests of the API alone leave it out. */
  ssr?: Omit<SsrOptions, 'sites' | 'translator' | 'services'>;
  /** Built browser assets (build/client) to serve, in production. */
  clientAssetsDir?: string;
  logger?: boolean | object;
  isShuttingDown?: () => boolean;
  /** Tests shorten the socket heartbeat and drive its clock. */
  realtime?: { heartbeatMs?: number; sessionCheckMs?: number; now?: () => number };
}

/** Builds the HTTP edge: plugins, one route plugin per area, pages last. */
export async function buildHttpApp(services: Services, options: HttpOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sane X-Request-Id from the load balancer is kept, else a UUID: the same key in the
    // request's log lines and in the worker's lines for the jobs it enqueued (ADR 0045).
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<ZodTypeProvider>();
  // First: every route registered after it is measured by its pattern.
  await app.register(httpObservabilityPlugin, { metrics: services.metrics, access: createMetricsAccess({ registry: services.metrics.registry, token: config.metrics.token }) });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed at compile time; checking each one again with zod costs a fifth of the
  // CPU of a small call. Tests and development keep the check, production serializes directly.
  app.setSerializerCompiler(config.isProduction ? () => (data) => JSON.stringify(data) : serializerCompiler);

  await app.register(fastifyCookie, { secret: services.secrets.cookieSecret });
  addSecurityHeaders(app, {
    // Pages get their own CSP with a per-response nonce (ssr.ts); JSON needs none.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security means something only over HTTPS: `addSecurityHeaders` sends it there.
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Rendezvous API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  // The API documentation lists every call and weighs 720 KB: for developers, not the public.
  if (!config.isProduction) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(fastifyRateLimit, {
    global: false,
    ...(services.redis && { redis: services.redis, nameSpace: 'rdv-rate-limit:' }),
  });
  await app.register(requestContextPlugin, { sites: services.sites, geoipHeader: config.geoipHeader, translator: services.translator });
  await app.register(authPlugin, { sessions: services.sessions });
  await app.register(csrfPlugin);
  await app.register(staffAuthPlugin, { signIn: services.staffSignIn, findMemberId: (token) => services.sessions.findUserId(token) });
  const outbox = outboxAccessFor(config, services.secrets.outboxKey);
  await app.register(outboxAccessPlugin, { access: outbox });
  installErrorHandler(app, services.translator);
  // Visitors' public pages, kept and shared (ADR 0038), and members' tabs, kept per session
  // (ADR 0048); the invalidation hooks must see every route registered below.
  const pageCache = pageCacheSettingsFor(config, services.clock, options.ssr?.mode);
  const memberPageCache = memberPageCacheSettingsFor(config, services.clock, options.ssr?.mode);
  if (pageCache || memberPageCache) {
    await app.register(pageCacheInvalidationPlugin, {
      ...(pageCache && { cache: pageCache.cache }),
      ...(memberPageCache && { memberCache: memberPageCache.cache }),
      siteChanges: services.siteChanges,
      pageChanges: services.pageChanges,
      onError: (error) => app.log.error(error),
    });
  }

  await app.register(healthRoutes, {
    checkDatabase: services.checkDatabase,
    isShuttingDown: options.isShuttingDown ?? (() => false),
  });
  await app.register(siteRoutes, { sites: services.sites, geo: services.geo, translator: services.translator });
  await app.register(geoRoutes, { geo: services.geo });
  await app.register(beaconRoutes, { pageVisits: services.pageVisits });
  await app.register(appShellRoutes, { translator: services.translator });
  await app.register(catalogueRoutes, { translator: services.translator });
  await app.register(themeRoutes, { siteThemes: services.siteThemes });
  await app.register(sessionRoutes, { accounts: services.accounts, sessions: services.sessions });
  await app.register(pushSubscriptionsRoutes, { pushSubscriptions: services.pushSubscriptions });
  await app.register(accountRoutes, services);
  await app.register(membersRoutes, services);
  await app.register(likesRoutes, services);
  await app.register(photosRoutes, services);
  await app.register(chatRoutes, services);
  await app.register(giftsRoutes, services);
  await app.register(fictionalConfirmationRoutes, services);
  await app.register(paymentsRoutes, services);
  await app.register(paymentWebhookRoutes, services);
  await app.register(directDebitRoutes, services);
  await app.register(deletionOfferRoutes, services);
  await app.register(demoCheckoutRoutes, services);
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(unsubscribeRoutes, { unsubscribe: services.unsubscribe });
  await app.register(mailEventsRoutes, { mailEvents: services.mailEvents });
  await app.register(adminRoutes, services);
  await app.register(wsGateway, {
    sessions: services.sessions,
    bus: services.bus,
    chat: services.chatRepository,
    chatSync: services.chatSync,
    blocks: services.blocksRepository,
    presence: services.presence,
    metrics: services.metrics.realtime,
    messages: { chat: services.chat, sites: services.sites, translator: services.translator },
    isShuttingDown: options.isShuttingDown,
    ...options.realtime,
  });

  // Media: from the local disk by @fastify/static (sendfile), or streamed from object storage (ADR 0044).
  if (config.storage.kind === 'local') {
    const mediaDir = config.storage.mediaDir;
    fs.mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', MEDIA_CACHE_CONTROL),
    });
  } else {
    await app.register(mediaRoutes, { storage: services.storage });
  }
  if (options.clientAssetsDir) {
    await app.register(fastifyStatic, {
      root: options.clientAssetsDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // The build writes .br and .gz beside each text file (scripts/vite/precompress-assets.ts).
      preCompressed: true,
      // Hashed file names never change content: cache them for a year.
      setHeaders(reply: FastifyReply, filePath: string) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  if (options.ssr) {
    await registerSsr(app, {
      ...options.ssr,
      sites: services.sites,
      translator: services.translator,
      services: { ...services, outbox, paymentsAreDemo: config.payments.isDemo },
      ...(pageCache && { pageCache }),
      ...(memberPageCache && { memberPageCache }),
    });
  }
  return app;
}
