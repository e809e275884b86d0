import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyMiddie from '@fastify/middie';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { TokenInput } from '../../contract/accounts';
import { RecordId } from '../../contract/inputs';
import '../../contract/page-context';
import { SearchQuery } from '../../contract/profiles';
import { AppError, isAppError } from '../domain/shared/app-error';
import { priceOf } from '../domain/chat/message-pricing';
import { getTermsVersionDate } from '../domain/sites/site-facts';
import { findCustomPage } from '../domain/sites/site-texts';
import { analyticsIdsOf } from '../domain/sites/site-analytics';
import type { AnalyticsIds } from '../../contract/analytics';
import type { Services } from '../services';
import { selectVisitorCountry, type SitesService } from '../domain/sites/sites.service';
import type { Translator } from '../i18n/translator';
import type { OutboxAccess } from './outbox-access';
import { consoleLanguageOf } from './admin/console-language';
import { STAFF_COOKIE } from './admin/staff-auth';
import { findMemberAlong } from './auth';
import { PAGE_ROUTE, wildcardPathOf } from './request-context';
import { presentStaff } from '../domain/staff/staff-presenter';
import { allowedMethods } from './page-methods';
import { pageHandlerFor } from './page-handlers';
import { buildContentSecurityPolicy } from './security-headers';
import { isCacheablePageRequest, preloadLinkHeader } from './page-cache-policy';
import { replyFromPageCache, type PageCacheSettings } from './page-cache-reply';
import { replyFromMemberPageCache, type MemberPageCacheSettings } from './member-page-cache';
import { isMemberCacheablePageRequest } from './member-page-cache-policy';

/** The services pages use; `buildHttpApp` hands them these only. */
export const PAGE_SERVICES = [
  'accounts',
  'passwords',
  'mailChange',
  'mailOutbox',
  'search',
  'members',
  'translator',
  'likes',
  'swipe',
  'memberMap',
  'socialProof',
  'signupMatches',
  'ownProfile',
  'chat',
  'payments',
  'transactions',
  'directDebit',
  'unsubscribe',
  'siteThemes',
] as const satisfies ReadonlyArray<keyof Services>;

/** What pages need from the domain, beyond the site. */
export type PageServices = Pick<Services, (typeof PAGE_SERVICES)[number]> & { outbox: OutboxAccess; paymentsAreDemo: boolean };

export interface SsrOptions {
  /** Production: the built server bundle. Dev: re-imported from Vite on every request. */
  getBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  sites: SitesService;
  translator: Translator;
  services: PageServices;
  /** Dev only: Vite's connect middleware gets the first look at each request (modules, HMR). */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** Production: visitors' public pages are kept and shared (ADR 0038); absent, every page is rendered. */
  pageCache?: PageCacheSettings;
  /** Production: members' tabs are kept per session (ADR 0048); absent, every member page is rendered. */
  memberPageCache?: MemberPageCacheSettings;
}

/**
 * Every path that is not an API call, a static file or media is a page rendered by React
 * Router. The response goes back through Fastify so that compression, security headers
 * and logging apply to pages as to everything else.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  if (options.devMiddleware) {
    await app.register(fastifyMiddie);
    app.use(options.devMiddleware);
  }
  await app.register(async (pages) => {
    // Page requests carry form posts (React Router actions) that the page code parses itself.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    pages.all(PAGE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
      // An unknown call is answered as one (JSON), and paths that skip site resolution (a missing
      // /favicon.ico, /media/…) are files or nothing.
      if (wildcardPathOf(request).startsWith('api/') || !request.site) return reply.callNotFound();
      const build = await options.getBuild();
      const allowed = allowedMethods(build, request.url);
      if (!allowed.includes(request.method)) {
        reply.header('allow', allowed.join(', '));
        throw new AppError('method_not_allowed', { detail: `${request.method} ${request.url}` });
      }
      if (options.mode === 'production') reply.header('link', `${preloadLinkHeader(build)}, ${options.services.siteThemes.preloadLinksOf(request.site)}`);
      // A kept page carries no nonce (its CSP lists its inline scripts' hashes) and is rendered
      // whole; its render outlives a requester who leaves, as others may be waiting for it. A hit
      // builds no request handler at all.
      const renderToKeep = async () =>
        pageHandlerFor(
          build,
          options.mode,
          request.url,
        )(toWebRequest(request, { abortOnClose: false }), {
          ...(await createLoadContext(app, request, '', options)),
          renderWhole: true,
        });
      const { pageCache, memberPageCache } = options;
      if (pageCache && isCacheablePageRequest(request)) {
        return replyFromPageCache(request, reply, pageCache, analyticsIdsOf(request.site), renderToKeep);
      }
      // Rendered as a shared page is, but kept for this session only (ADR 0048).
      if (memberPageCache && isMemberCacheablePageRequest(request)) {
        if (
          await replyFromMemberPageCache(request, reply, memberPageCache, analyticsIdsOf(request.site), options.services.outbox.allows(request), renderToKeep)
        )
          return reply;
      }
      const handle = pageHandlerFor(build, options.mode, request.url);
      // Development serves Vite's own inline scripts without a CSP, so pages carry no nonce there.
      const nonce = options.mode === 'production' ? crypto.randomBytes(16).toString('base64') : '';
      const loadContext = await createLoadContext(app, request, nonce, options);
      // A HEAD request's answer has headers only (React Router drops the body it rendered).
      const wholeDocument: { body?: Buffer } | undefined = request.method === 'HEAD' ? undefined : (loadContext.wholeDocument = {});
      const response = await handle(toWebRequest(request), loadContext);
      return sendWebResponse(reply, response, wholeDocument?.body, options.mode === 'production' ? nonce : null, analyticsIdsOf(request.site));
    });
  });
}

async function createLoadContext(app: FastifyInstance, request: FastifyRequest, nonce: string, options: SsrOptions): Promise<AppLoadContext> {
  const { site } = request;
  const { services } = options;
  // The session and the member's account in one statement, unless a hook looked the session up already.
  const found = await findMemberAlong(
    request,
    async (token) => {
      const read = await services.accounts.findPageMemberBySession(token, site);
      return read && { memberId: read.memberId, value: read.member };
    },
    (memberId) => services.accounts.getPageMember(memberId, site).catch(() => null),
  );
  const memberId = found?.memberId ?? null;
  const member = found?.value ?? null;
  // Browsers send the staff cookie to the console's pages only (its paths), so member pages never
  // look it up; whatever the address's spelling, a page sees staff only through that cookie.
  const staffSession = request.cookies[STAFF_COOKIE] ? await request.findStaffSession() : null;
  const user = member?.user ?? null;
  const showOutbox = services.outbox.allows(request);
  return {
    user,
    paymentsAreDemo: services.paymentsAreDemo,
    showOutbox,
    listOutbox: () => (showOutbox ? services.mailOutbox.listRecent() : []),
    isResetLinkLive: async (token) => isToken(token) && services.passwords.isResetLinkLive(token),
    findProfileTeaser: async (id) => (canExist(id) ? services.accounts.findProfileTeaser(id) : null),
    searchMembers: (query) =>
      settle(request, services, async () => {
        const parsed = SearchQuery.safeParse(query);
        const searcher = { memberId, hasTrafficSource: !!(query.network || query.ref), profile: member?.searcher };
        return services.search.search(site, parsed.success ? parsed.data : { page: 1 }, searcher);
      }),
    visitorDeck: (size) => services.swipe.visitorDeck(site, request.visitorCountry ?? selectVisitorCountry(site, null), size),
    regionCounts: () => services.memberMap.countByRegion(site, selectVisitorCountry(site, request.visitorCountry)),
    socialProof: () => services.socialProof.forVisitor(site, selectVisitorCountry(site, request.visitorCountry)),
    signupMatches: async () => (memberId ? services.signupMatches.list(site, memberId) : []),
    listChats: async () => (memberId ? services.chat.listChats(memberId) : null),
    chatHistory: (conversationId) =>
      settle(request, services, () => {
        if (!memberId) throw new AppError('authentication_required');
        requireCanExist(conversationId);
        return services.chat.history(site, memberId, conversationId, null);
      }),
    // The member's account is read above: the price needs only what it says of them.
    nextMessagePrice: async () =>
      memberId ? services.chat.nextMessagePrice(site, memberId, user ? { paidUser: user.paid_user, country: user.profile.country } : undefined) : 0,
    signupMessagePrice: () => priceOf('text', site, { paidUser: false }, request.visitorCountry ?? selectVisitorCountry(site, null) ?? '', 0),
    listBundles: async () => (memberId ? services.payments.listBundles(site, memberId, request.visitorCountry) : null),
    publicBundles: () => services.payments.listPublicBundles(site, request.visitorCountry ?? selectVisitorCountry(site, null)),
    orderStatus: (orderId) =>
      settle(request, services, () => {
        if (!memberId) throw new AppError('authentication_required');
        requireCanExist(orderId);
        return services.payments.status(site, memberId, orderId);
      }),
    pendingMandate: async (orderId) => (memberId ? services.directDebit.findPending(site, memberId, orderId) : null),
    listTransactions: (orderId) =>
      settle(request, services, () => {
        if (!memberId) throw new AppError('authentication_required');
        if (orderId !== undefined) requireCanExist(orderId);
        return services.transactions.list(site, memberId, orderId);
      }),
    findConversationWith: async (profileId) => (memberId && canExist(profileId) ? services.chat.findConversationWith(memberId, profileId) : null),
    getOwnProfile: async () => (memberId ? services.ownProfile.get(memberId) : null),
    listLikes: async () => (memberId ? services.likes.list(memberId) : null),
    viewMember: (id) =>
      settle(request, services, () => {
        requireCanExist(id);
        return services.members.view(site, id, memberId);
      }),
    viewMemberFirstScreen: (id) =>
      settle(request, services, () => {
        requireCanExist(id);
        return services.members.viewFirstScreen(site, id, memberId);
      }),
    async confirmMailChange(token) {
      if (!isToken(token)) return 'link_invalid';
      try {
        await services.mailChange.confirm(site, token);
        return null;
      } catch (error) {
        return isAppError(error) ? error.code : 'internal_error';
      }
    },
    async describeUnsubscribe(token) {
      try {
        return { ok: true as const, ...(await services.unsubscribe.describe(token)) };
      } catch (error) {
        if (isAppError(error)) return { ok: false as const };
        throw error;
      }
    },
    nonce,
    // The path as sent, not parsed as a URL: `//x` would name a host and `//` throws.
    isDocumentRequest: !request.url.split('?', 1)[0]!.endsWith('.data'),
    documentOnly: new Map(),
    language: request.language,
    settings: options.sites.toPublicSettings(site, { country: request.visitorCountry }, request.language),
    company: options.sites.toCompanyInfo(site),
    termsVersionDate: getTermsVersionDate(site).toISOString(),
    getMessages: (language, namespace) => options.translator.getMessages(language, namespace),
    catalogueUrl: (language, namespace) => options.translator.catalogues.urlOf(language, namespace),
    staff: staffSession?.verified ? presentStaff(staffSession.member) : null,
    consoleLanguage: consoleLanguageOf(request, options.translator, staffSession?.verified ? staffSession.member : null),
    async adminGet(path) {
      if (!path.startsWith('/api/admin/')) throw new Error(`not a console call: ${path}`);
      const response = await app.inject({ method: 'GET', url: path, headers: { cookie: request.headers.cookie ?? '', host: request.headers.host ?? '' } });
      return { status: response.statusCode, body: response.json() };
    },
    findCustomPage: (token) => findCustomPage(site, token, request.language),
  };
}

/**
 * Ids and tokens from a page's address are checked as the API checks them (the contract's
 * schemas): one that no record can have finds nothing, like an unknown one, instead of
 * reaching the database (an id past the integer column fails the query there).
 */
const canExist = (id: number) => RecordId.safeParse(id).success;
const isToken = (token: string) => TokenInput.shape.token.safeParse(token).success;

function requireCanExist(id: number) {
  if (!canExist(id)) throw new AppError('not_found', { detail: `id ${id} cannot exist` });
}

/** A domain call for a page: its result, or its refusal in the visitor's language. */
async function settle<T>(request: FastifyRequest, services: PageServices, call: () => Promise<T>) {
  try {
    return { ok: true as const, data: await call() };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = services.translator.forLanguage(request.language)(`errors.${error.code}`, error.params);
    return { ok: false as const, code: error.code, message };
  }
}

function toWebRequest(request: FastifyRequest, { abortOnClose = true } = {}): Request {
  // Appended, not resolved: a path like `//x` stays a path instead of naming another host.
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}${request.url}`);
  } catch {
    throw new AppError('not_found', { detail: `no page address in ${request.host} ${request.url}` });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  // Only a submission to an action gets here with a body, and only when the client sent one.
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Readable;
  const controller = new AbortController();
  if (abortOnClose) request.raw.once('close', () => controller.abort());
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function sendWebResponse(reply: FastifyReply, response: Response, wholeBody: Buffer | undefined, nonce: string | null, analytics: AnalyticsIds) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    // A whole document's length is Fastify's to set: it knows whether compression changes the body.
    if (name !== 'set-cookie' && !(wholeBody && name === 'content-length')) reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (nonce && response.headers.get('content-type')?.startsWith('text/html')) {
    reply.header('content-security-policy', buildContentSecurityPolicy(nonce, analytics));
  }
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
  // A document rendered whole comes as one buffer beside the response (app/entry.server.tsx): it
  // goes to the socket in one write, instead of through a web stream and a Node stream chunk by chunk.
  if (wholeBody) return reply.send(wholeBody);
  return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
}
