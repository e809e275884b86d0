import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

/** Issue 32: a console refusal names fields as the operator sees them; a member's API keeps its own words. */

let ctx: TestContext;
let site: SiteRow;
let admin: Awaited<ReturnType<typeof createStaffMember>>;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  admin = await createStaffMember(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('a refused console form', () => {
  it('names a bundle’s price by its country, with the limit in euros, not cents', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      payload: { credits: 10, prices: { '*': { currency: 'EUR', amount: 100 }, DE: { currency: 'EUR', amount: 20_000_000 } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_failed',
      message: 'Please check: Price for Germany.',
      fields: [{ field: 'body.prices.DE.amount', label: 'Price for Germany', problem: 'Price for Germany: Enter an amount of at most €100,000.00.' }],
    });
    expect(response.body).not.toContain('10000000');
  });

  it('says a negative number of credits is not possible, naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/sites/${site.id}/bundles`,
      cookies: admin.cookies,
      payload: { credits: -5, prices: { '*': { currency: 'EUR', amount: 100 } } },
    });
    expect(response.json()).toMatchObject({
      message: 'Please check: Credits.',
      fields: [{ field: 'body.credits', label: 'Credits', problem: 'Credits: Enter 1 or more; a negative number is not possible here.' }],
    });
  });

  it('calls a credit correction’s delta what the dialog calls it', async () => {
    const member = await createVisibleMember(ctx, site);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/members/${member.id}/credit-corrections`,
      cookies: admin.cookies,
      payload: { delta: 5_000_000, reason: 'Goodwill after an outage', idempotency_key: 'console-words-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please check: Credits to add or take.');
    expect(response.json().message).not.toContain('body.');
  });
});

describe('a refused member call', () => {
  it('keeps the member’s wording, without console labels', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/signup.php', payload: { email: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.every((field: { label?: string }) => field.label === undefined)).toBe(true);
  });
});
