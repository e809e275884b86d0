import http from 'node:http';
import { DEMO_PASSWORD } from './http';

/**
 * Spec §2's routes with real ids, shared by the routes walk (every route answers) and the layout
 * audit (every route fits every screen and passes axe). `{…}` stands for an id found on the
 * running server before the walk (`prepareRouteWalk`).
 */

/** The eight campaign landers of spec §2, besides tinderswipe. */
export const LANDERS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video'];
export const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'];

export const ROUTES = [
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

export type RouteIds = Record<'match' | 'conversation' | 'bundle' | 'paymentMethod' | 'member' | 'order' | 'directDebitOrder', string>;

/** A route template with its ids filled in. */
export const pathOf = (template: string, ids: RouteIds) => template.replace(/\{(\w+)\}/g, (_, name: keyof RouteIds) => ids[name]);

/** The second demo brand, Flirtzone (German, niche 6), on flirt.localhost: browsers resolve *.localhost to this machine. */
export const flirtzoneOrigin = (origin: string) => origin.replace('//localhost', '//flirt.localhost');

/** What a walk of one brand needs: the ids of its routes and a signed-in member's session cookie. */
export interface RouteWalk {
  ids: RouteIds;
  /** `rdv_session=…` */
  memberCookie: string;
}

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
  location?: string;
}

/**
 * One HTTP request to a brand by its host name. Node does not resolve `*.localhost` as browsers
 * do (and fetch ignores a Host header), so this connects to the origin's port on this machine and
 * names the brand in the Host header, as a browser would.
 */
function request(origin: string, path: string, options: { clientAddress: string; cookie?: string; body?: unknown }): Promise<Answer> {
  const url = new URL(path, origin);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          host: url.host,
          'accept-language': 'en',
          accept: 'application/json',
          'x-forwarded-for': options.clientAddress,
          'sec-fetch-site': 'same-origin',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(options.cookie && { cookie: options.cookie }),
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: text, setCookies: incoming.headers['set-cookie'] ?? [], location: incoming.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

/** A brand's API as one client address: GET, or POST with a JSON body; throws unless 2xx. */
function apiOf(origin: string, clientAddress: string) {
  return async <T>(path: string, options: { cookie?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await request(origin, path, { clientAddress, ...options });
    if (answer.status < 200 || answer.status > 299) throw new Error(`${origin}${path} answered ${answer.status}: ${answer.body}`);
    return JSON.parse(answer.body) as T;
  };
}

const sessionOf = (answer: Answer, who: string) => {
  const session = answer.setCookies.find((cookie) => cookie.startsWith('rdv_session='));
  if (!session) throw new Error(`${who} got no session: ${answer.status} ${answer.body}`);
  return session.split(';')[0];
};

interface Member {
  id: number;
  cookie: string;
}

interface Offer {
  bundles: { id: number }[];
  payment_methods: string[];
}

/** Each caller's own client address range (the per-address limits then count this walk only). */
let addresses = 0;
const nextAddress = (prefix: number) => `10.${prefix}.${process.pid % 250}.${(++addresses % 250) + 1}`;

async function logIn(origin: string, email: string, prefix: number): Promise<Member> {
  const answer = await request(origin, '/api/user.php', { clientAddress: nextAddress(prefix), body: { email, password: DEMO_PASSWORD } });
  return { id: (JSON.parse(answer.body) as { user: { id: number } }).user.id, cookie: sessionOf(answer, `log-in of ${email}`) };
}

/**
 * The ids of one brand's routes, from two members who like each other (a match) and have a
 * conversation, an order and a direct-debit order of the first, a bundle and a payment method,
 * and a member the brand shows. `pair` gives the two members, signed in, with the first one's offer.
 */
async function findIds(origin: string, prefix: number, pair: () => Promise<{ walker: Member & { offer: Offer }; partner: Member }>): Promise<RouteWalk> {
  const call = apiOf(origin, nextAddress(prefix));
  const { walker, partner } = await pair();
  await call('/api/like.php', { cookie: walker.cookie, body: { profile_id: partner.id } });
  await call('/api/like.php', { cookie: partner.cookie, body: { profile_id: walker.id } });
  const sent = await call<{ message: { conversation_id: number } }>('/api/messages.php', {
    cookie: walker.cookie,
    body: { profile_id: partner.id, text: 'Hello from the routes walk', client_id: `routes-walk-${prefix}-${Date.now()}` },
  });
  const { bundles, payment_methods: methods } = walker.offer;
  const orderWith = (method: string) =>
    call<{ order: { id: number } }>('/api/orders.php', {
      cookie: walker.cookie,
      body: { bundle_id: bundles[0].id, payment_method: method, client_id: `routes-walk-${prefix}-${method}-${Date.now()}` },
    });
  const order = await orderWith(methods[0]);
  const directDebit = await orderWith('directdebit');
  // Shown to the walking member (a niche brand shows its search to members only).
  const shown = await call<{ results: { id: number }[] }>('/api/members.php', { cookie: walker.cookie });
  return {
    memberCookie: walker.cookie,
    ids: {
      match: String(partner.id),
      conversation: String(sent.message.conversation_id),
      bundle: String(bundles[0].id),
      paymentMethod: methods[0],
      member: String(shown.results.find((card) => card.id !== walker.id && card.id !== partner.id)!.id),
      order: String(order.order.id),
      directDebitOrder: String(directDebit.order.id),
    },
  };
}

/**
 * The main demo brand (localhost): the first demo member whose country offers SEPA direct debit
 * (its page needs such an order; the methods follow the member's country, which the seed chose),
 * and the next demo member as the partner.
 */
export function prepareRouteWalk(origin: string): Promise<RouteWalk> {
  const prefix = 251;
  return findIds(origin, prefix, async () => {
    for (let no = 1; no <= 12; no++) {
      const member = await logIn(origin, `demo${no}@rendezvous.example`, prefix);
      const offer = await apiOf(origin, nextAddress(prefix))<Offer>('/api/orders.php', { cookie: member.cookie });
      if (offer.payment_methods.includes('directdebit'))
        return { walker: { ...member, offer }, partner: await logIn(origin, `demo${no + 1}@rendezvous.example`, prefix) };
    }
    throw new Error('no demo member among the first twelve can pay by direct debit');
  });
}

/**
 * Flirtzone, whose members all come from its own sign-ups: two new members from Austria (one of
 * its countries, with SEPA), signed up through a partner as the brand requires and confirmed by
 * the links the outbox holds (`outboxPath`, the keyed address the server printed), so they see
 * each other. The demo members belong to the main brand and cannot sign in here.
 */
export function prepareFlirtzoneWalk(origin: string, outboxPath: string): Promise<RouteWalk> {
  const prefix = 253;
  const flirtzone = flirtzoneOrigin(origin);
  const stamp = `${Date.now()}${process.pid}`;
  const signUp = async (no: number, gender: 'male' | 'female'): Promise<Member & { email: string }> => {
    const email = `routes.walk.${stamp}.${no}@example.com`;
    const answer = await request(flirtzone, '/api/signup.php', {
      clientAddress: nextAddress(prefix),
      body: {
        email,
        password: DEMO_PASSWORD,
        name: `Walker${no}`,
        date_of_birth: '1975-03-02',
        gender,
        seeking: gender === 'male' ? 'female' : 'male',
        country: 'AT',
        accept_terms: true,
        network: 'routes-walk',
      },
    });
    return { email, id: (JSON.parse(answer.body) as { user: { id: number } }).user.id, cookie: sessionOf(answer, `sign-up of ${email}`) };
  };
  return findIds(flirtzone, prefix, async () => {
    const walker = await signUp(1, 'male');
    const partner = await signUp(2, 'female');
    await confirmAddresses(origin, outboxPath, [walker.email, partner.email], prefix);
    const offer = await apiOf(flirtzone, nextAddress(prefix))<Offer>('/api/orders.php', { cookie: walker.cookie });
    return { walker: { ...walker, offer }, partner };
  });
}

/** Follows each address's activation link from the outbox page (its key is traded for a cookie first). */
async function confirmAddresses(origin: string, outboxPath: string, emails: string[], prefix: number) {
  const clientAddress = nextAddress(prefix);
  const keyed = await request(origin, outboxPath, { clientAddress });
  const cookie = keyed.setCookies.map((entry) => entry.split(';')[0]).join('; ');
  const outbox = await request(origin, '/dev/outbox', { clientAddress, cookie });
  for (const email of emails) {
    // Entries are newest first; each names its address before its text with the link.
    const entry = outbox.body.split('data-testid="outbox-entry"').find((part) => part.includes(email) && part.includes('activate.php'));
    const link = entry && /href="(https?:\/\/[^"]*\/api\/activate\.php\?token=[^"]+)"/.exec(entry)?.[1];
    if (!link) throw new Error(`no activation mail to ${email} in the outbox`);
    const target = new URL(link.replaceAll('&amp;', '&'));
    const answer = await request(target.origin, `${target.pathname}${target.search}`, { clientAddress });
    if (answer.location !== '/activate/done') throw new Error(`activation of ${email} answered ${answer.status}, to ${answer.location}`);
  }
}
