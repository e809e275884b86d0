import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { headersFor } from './support/http';
import { prepareRouteWalk, pathOf, ROUTES, type RouteIds } from './support/routes';

/**
 * Every route of spec §2 answers (issue 18): the routes table, the landers, the profile landings
 * and the static pages, each rendered by the real server (production build, demo seed) for a
 * visitor and for a signed-in member, with real ids. Redirects are followed; a 404 or a 5xx at
 * the end fails the route. Plain HTTP, no browser: the server renders every page in full, and
 * the journeys look at what members see.
 */

/** Our own client addresses: per-address limits then count this walk only. */
const clientAddress = `10.251.${process.pid % 250}.7`;

let ids: RouteIds;
let memberCookie: string;

beforeAll(async () => {
  ({ ids, memberCookie } = await prepareRouteWalk(baseUrl()));
}, 60_000);

/** Fetches a page as a browser would, following redirects; answers the final status and where it ended. */
async function visit(template: string, cookie?: string) {
  const response = await fetch(`${baseUrl()}${pathOf(template, ids)}`, { headers: headersFor(clientAddress, cookie), redirect: 'follow' });
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
