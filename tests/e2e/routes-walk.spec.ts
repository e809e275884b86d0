import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { api, headersFor, logInByHttp } from './support/http';

/**
 * Every route of spec §2 answers (issue 18): the routes table, the landers, the profile landings
 * and the static pages, each rendered by the real server (production build, demo seed) for a
 * visitor and for a signed-in member, with real ids. Redirects are followed; a 404 or a 5xx at
 * the end fails the route. Plain HTTP, no browser: the server renders every page in full, and
 * the journeys look at what members see.
 */

/** The eight campaign landers of spec §2, besides tinderswipe. */
const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video'];
const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'];

/** Spec §2's routes, `{…}` standing for a real id found before the walk. */
const ROUTES = [
  '/',
  '/likes/m/{match}',
  '/account-deleted',
  '/chats',
  '/chats/{conversation}',
  '/complaints',
  '/complete-signup',
  '/credits',
  '/credits/repeat-order',
  '/credits/{bundle}',
  '/credits/{bundle}/{paymentMethod}',
  '/directdebit?order={directDebitOrder}',
  '/lang-config',
  '/likes',
  '/likes/received',
  '/likes/sent',
  '/likes/matches',
  '/login',
  '/match-finder',
  '/members',
  '/members/{member}',
  '/members/{member}/chat',
  '/members/{member}/landing',
  '/members/{member}/signup',
  '/members/{member}/landing2',
  '/members/{member}/landing2/x',
  '/members/{member}/landing3',
  '/members/{member}/landing3/x',
  '/notifications',
  '/premium',
  '/pricing',
  '/profile',
  '/reset-password',
  '/reset-password/do',
  '/signup',
  '/signup-matches',
  '/swipe-game',
  '/activate/done',
  '/activate/error',
  '/mail-change/do',
  '/transactions',
  '/transactions/{order}',
  '/landers/tinderswipe',
  ...LANDERS.map((slug) => `/landers/${slug}`),
  ...STATIC_PAGES.map((page) => `/pages/${page}`),
];

type Ids = Record<'match' | 'conversation' | 'bundle' | 'paymentMethod' | 'member' | 'order' | 'directDebitOrder', string>;

/** Our own client addresses: per-address limits then count this walk only. */
const clientAddress = `10.251.${process.pid % 250}.7`;
let logins = 0;
const call = <T>(path: string, options: { cookie?: string; body?: unknown } = {}) => api<T>(path, { clientAddress, ...options });
/** Each log-in from an address of its own (the log-in limit is per address). */
const logIn = (email: string) => logInByHttp(email, `10.252.${process.pid % 250}.${++logins}`);

interface Offer {
  bundles: { id: number }[];
  payment_methods: string[];
}

/**
 * The walking member: the first demo member whose country offers SEPA direct debit (its page
 * needs such an order; the methods follow the member's country, which the seed chose).
 */
async function findWalker() {
  for (let no = 1; no <= 12; no++) {
    const member = await logIn(`demo${no}@rendezvous.example`);
    const offer = await call<Offer>('/api/orders.php', { cookie: member.cookie });
    if (offer.payment_methods.includes('directdebit')) return { ...member, no, offer };
  }
  throw new Error('no demo member among the first twelve can pay by direct debit');
}

let ids: Ids;
let memberCookie: string;

beforeAll(async () => {
  // Two demo members who like each other (a match) and have a conversation; a bundle, a payment
  // method, an order and a direct-debit order of the walking member; a member the site shows to visitors.
  const walker = await findWalker();
  const partner = await logIn(`demo${walker.no + 1}@rendezvous.example`);
  memberCookie = walker.cookie;
  await call('/api/like.php', { cookie: walker.cookie, body: { profile_id: partner.id } });
  await call('/api/like.php', { cookie: partner.cookie, body: { profile_id: walker.id } });
  const sent = await call<{ message: { conversation_id: number } }>('/api/messages.php', {
    cookie: walker.cookie,
    body: { profile_id: partner.id, text: 'Hello from the routes walk', client_id: `routes-walk-${Date.now()}` },
  });
  const { bundles, payment_methods: methods } = walker.offer;
  const orderWith = (method: string) =>
    call<{ order: { id: number } }>('/api/orders.php', { cookie: walker.cookie, body: { bundle_id: bundles[0].id, payment_method: method, client_id: `routes-walk-${method}-${Date.now()}` } });
  const order = await orderWith(methods[0]);
  const directDebit = await orderWith('directdebit');
  const shown = await call<{ results: { id: number }[] }>('/api/members.php');
  ids = {
    match: String(partner.id),
    conversation: String(sent.message.conversation_id),
    bundle: String(bundles[0].id),
    paymentMethod: methods[0],
    member: String(shown.results.find((card) => card.id !== walker.id)!.id),
    order: String(order.order.id),
    directDebitOrder: String(directDebit.order.id),
  };
}, 60_000);

const pathOf = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: keyof Ids) => ids[name]);

/** Fetches a page as a browser would, following redirects; answers the final status and where it ended. */
async function visit(template: string, cookie?: string) {
  const response = await fetch(`${baseUrl()}${pathOf(template)}`, { headers: headersFor(clientAddress, cookie), redirect: 'follow' });
  const body = await response.text();
  return { status: response.status, url: new URL(response.url).pathname, type: response.headers.get('content-type') ?? '', body };
}

function expectPage(page: Awaited<ReturnType<typeof visit>>, template: string) {
  expect(page.status, `${template} ended at ${page.url} with ${page.status}`).not.toBe(404);
  expect(page.status, `${template} ended at ${page.url} with ${page.status}`).toBeLessThan(500);
  expect(page.type).toContain('text/html');
  expect(page.body).toContain('</html>');
}

describe('every route of spec §2', () => {
  it.each(ROUTES)('answers %s to a visitor', async (template) => {
    expectPage(await visit(template), template);
  });

  it.each(ROUTES)('answers %s to a signed-in member', async (template) => {
    const page = await visit(template, memberCookie);
    expectPage(page, template);
    // Still signed in: the page was rendered for the member, not a log-in form in their stead.
    expect(page.url, `${template} sent the member to the log-in page`).not.toBe('/login');
  });
});
