import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services';
import { installErrorHandler, notFoundScope } from './error-handler';
import { installBodyDeadline } from './body-deadline';
import { installJsonBodyParser, JSON_BODY_LIMIT } from './json-body';
import { addResponseHeaders, responseHeaders } from './security-headers';
import { serverAnsweringEarly } from './http-server';
import { LIVENESS_PATH, livenessProbe } from './liveness-probe';
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
import { PAGE_SERVICES, registerSsr, type SsrOptions } from './ssr';
import { pick } from './service-slice';
import { wsGateway } from './ws-gateway';
import { outboxAccessFor, outboxAccessPlugin } from './outbox-access';
import { staffAuthPlugin } from './admin/staff-auth';
import { ADMIN_SERVICES, adminRoutes } from './routes/admin/admin.routes';
import { reportsRoutes } from './routes/reports.routes';
import { mailEventsRoutes, pipedMailRoutes, unsubscribeRoutes } from './routes/mail-notifications.routes';
import { pushSubscriptionsRoutes } from './routes/push-subscriptions.routes';
import { MEDIA_CACHE_CONTROL, mediaRoutes } from './routes/media.routes';
import { pageCacheInvalidationPlugin, pageCacheSettingsFor } from './page-cache-invalidation';
import { memberPageCacheSettingsFor } from './member-page-cache';
import { httpObservabilityPlugin, unmatchedResponses } from '../observability/http-observability';
import { createMetricsAccess } from '../observability/metrics-access';
import { requestIdOf } from '../observability/request-id';
import { AccessLogController } from '../observability/access-log';
import { requestLoggerFactory } from '../observability/request-logger';
import { createFallbackRateLimitStore } from './rate-limit-store';

export interface HttpOptions {
  /** Page rendering; tests of the API alone leave it out. */
  ssr?: Omit<SsrOptions, 'sites' | 'translator' | 'services'>;
  /** Built browser assets (build/client) to serve, in production. */
  clientAssetsDir?: string;
  logger?: boolean | object;
  isShuttingDown?: () => boolean;
  /** Sees every route as it is registered (the access tests walk the whole route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests shorten the socket heartbeat and drive its clock. */
  realtime?: { heartbeatMs?: number; sessionCheckMs?: number; now?: () => number };
}

/** Builds the HTTP edge: plugins, one route plugin per area, pages last. */
export async function buildHttpApp(services: Services, options: HttpOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const timeouts = config.requestTimeouts;
  const headers = responseHeaders({
    // Pages get their own CSP with a per-response nonce (ssr.ts); JSON needs none.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security means something only over HTTPS: `addResponseHeaders` sends it there.
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const app = Fastify({
    // The load balancer's liveness probe is answered before the router (ADR 0089).
    serverFactory: serverAnsweringEarly(livenessProbe({ headers: headers.plain, series: services.metrics.http.seriesFor('GET', LIVENESS_PATH) })),
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    // Bounded work per request (ADR 0052): 64 KB of JSON unless a route says otherwise, headers
    // and bodies in their time. Node checks its timeouts every `connectionsCheckingInterval`.
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(5_000, Math.ceil(timeouts.headersMs / 2)) },
    // A sane X-Request-Id from the load balancer is kept, else a UUID: the same key in the
    // request's log lines and in the worker's lines for the jobs it enqueued (ADR 0045).
    genReqId: requestIdOf,
    logController: new AccessLogController({ requestIdLogLabel: 'requestId' }),
    // A request's pino child is made when it first writes a line, not for every request.
    childLoggerFactory: requestLoggerFactory,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First: every route registered after it is measured by its pattern.
  await app.register(httpObservabilityPlugin, {
    metrics: services.metrics,
    access: createMetricsAccess({ registry: services.metrics.registry, token: config.metrics.token }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed at compile time; checking each one again with zod costs a fifth of the
  // CPU of a small call. Tests and development keep the check, production serializes directly.
  app.setSerializerCompiler(config.isProduction ? () => (data) => JSON.stringify(data) : serializerCompiler);

  addResponseHeaders(app, headers);
  // Probes first and outside the site's scope: a load balancer's health check needs none of
  // what a member's request does (cookies, the site, sessions, CSRF, compression), and every
  // hook it skipped was a cost on each check (issue 36).
  await app.register(healthRoutes, {
    checkDatabase: services.checkDatabase,
    checkRedis: services.checkRedis,
    isShuttingDown: options.isShuttingDown ?? (() => false),
  });
  // Everything a site's visitors and members reach: its own scope, so its hooks stay off the probes.
  await app.register(async function siteScope(app) {
    installJsonBodyParser(app);
    installBodyDeadline(app, {
      timeoutMs: timeouts.bodyMs,
      maxTimeoutMs: timeouts.requestMs,
      defaultBodyLimit: JSON_BODY_LIMIT,
      translator: services.translator,
    });
    await app.register(fastifyCookie, { secret: services.secrets.cookieSecret });
    // Answers are compressed; request bodies are not inflated: no member's browser or provider sends
    // them compressed, a compressed body is a small upload that inflates into a large one, and the
    // inflating step was one more hook on every request (issue 36). Such a body fails as bad JSON.
    await app.register(fastifyCompress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
    await app.register(fastifySwagger, {
      openapi: { info: { title: 'Rendezvous API', version: '1' } },
      transform: jsonSchemaTransform,
    });
    // The API documentation lists every call and weighs 720 KB: for developers, not the public.
    if (!config.isProduction) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

    // Every limit counts at onRequest, before the body is read and parsed: a limited caller costs
    // a counter, not a parse (ADR 0052). A route that needs the body to decide counts that itself.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (limit && typeof limit === 'object' && limit.hook && limit.hook !== 'onRequest') {
        throw new Error(`${String(route.method)} ${route.url}: a rate limit counts at onRequest, before the body is parsed (ADR 0052)`);
      }
    });
    // Shared counters in Redis when configured; this instance's memory while Redis is away, so a
    // log-in never fails because of it (ADR 0050).
    const { redis, metrics } = services;
    await app.register(fastifyRateLimit, {
      global: false,
      hook: 'onRequest',
      ...(redis && {
        store: createFallbackRateLimitStore({
          redis,
          nameSpace: 'rdv-rate-limit:',
          onFallback(error) {
            metrics.rateLimits.fellBack();
            app.log.warn({ err: error }, "rate limits count in this instance's memory until Redis is back");
          },
          onRecovered() {
            metrics.rateLimits.recovered();
            app.log.info('rate limits count in Redis again');
          },
          onCountedLocally: metrics.rateLimits.countedLocally,
        }),
      }),
    });
    await app.register(requestContextPlugin, { sites: services.sites, geoipHeader: config.geoipHeader, translator: services.translator });
    await app.register(authPlugin, { sessions: services.sessions });
    await app.register(csrfPlugin);
    await app.register(staffAuthPlugin, { signIn: services.staffSignIn, findMemberId: (token) => services.sessions.findUserId(token) });
    const outbox = outboxAccessFor(config, services.secrets.outboxKey);
    await app.register(outboxAccessPlugin, { access: outbox });
    installErrorHandler(app, services.translator);
    // Visitors' public pages, kept and shared (ADR 0038), and members' tabs, kept per session
    // (ADR 0048); the invalidation hooks must see every route registered below. Registered with
    // both caches off too: the visitors' faces kept for the home page and landers (ADR 0086)
    // hear of changes to what visitors are shown through the same announcement.
    const pageCache = pageCacheSettingsFor(config, services.clock, options.ssr?.mode);
    const memberPageCache = memberPageCacheSettingsFor(config, services.clock, options.ssr?.mode);
    await app.register(pageCacheInvalidationPlugin, {
      ...(pageCache && { cache: pageCache.cache }),
      ...(memberPageCache && { memberCache: memberPageCache.cache }),
      siteChanges: services.siteChanges,
      pageChanges: services.pageChanges,
      onError: (error) => app.log.error(error),
    });

    await app.register(siteRoutes, { sites: services.sites, geo: services.geo, translator: services.translator });
    await app.register(geoRoutes, { geo: services.geo });
    await app.register(beaconRoutes, { pageVisits: services.pageVisits });
    await app.register(appShellRoutes, { translator: services.translator });
    await app.register(catalogueRoutes, { translator: services.translator });
    await app.register(themeRoutes, { siteThemes: services.siteThemes });
    await app.register(sessionRoutes, { accounts: services.accounts, sessions: services.sessions });
    await app.register(pushSubscriptionsRoutes, { pushSubscriptions: services.pushSubscriptions });
    await app.register(accountRoutes, pick(services, 'accounts', 'activation', 'passwords', 'mailChange', 'accountDeletion'));
    await app.register(membersRoutes, pick(services, 'search', 'members', 'ownProfile'));
    await app.register(likesRoutes, pick(services, 'likes', 'blocks', 'swipe', 'accounts'));
    await app.register(photosRoutes, pick(services, 'photos', 'ownProfile'));
    await app.register(chatRoutes, pick(services, 'chat', 'chatPhotos'));
    await app.register(giftsRoutes, pick(services, 'gifts', 'chatPhotos', 'translator'));
    await app.register(fictionalConfirmationRoutes, pick(services, 'fictionalConfirmations'));
    await app.register(paymentsRoutes, pick(services, 'payments', 'transactions'));
    await app.register(paymentWebhookRoutes, pick(services, 'payments', 'metrics'));
    await app.register(directDebitRoutes, pick(services, 'directDebit'));
    await app.register(deletionOfferRoutes, pick(services, 'deletionOffer'));
    await app.register(demoCheckoutRoutes, pick(services, 'demoPayments', 'translator'));
    await app.register(reportsRoutes, { reports: services.reports });
    await app.register(unsubscribeRoutes, { unsubscribe: services.unsubscribe });
    await app.register(mailEventsRoutes, { mailEvents: services.mailEvents });
    await app.register(pipedMailRoutes, { pipedMail: services.pipedMail });
    await app.register(adminRoutes, pick(services, ...ADMIN_SERVICES));
    await app.register(wsGateway, {
      sessions: services.sessions,
      bus: services.bus,
      chat: services.chatRealtime,
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
        services: { ...pick(services, ...PAGE_SERVICES), outbox, paymentsAreDemo: config.payments.isDemo },
        ...(pageCache && { pageCache }),
        ...(memberPageCache && { memberPageCache }),
      });
    }
    // Last, so that its scope has every hook above: what no route answers, with its own metrics.
    await app.register(notFoundScope, { translator: services.translator, onResponse: unmatchedResponses(services.metrics) });
  });
  return app;
}
