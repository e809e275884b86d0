import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { createJobsRepository } from '../../../db/repositories/jobs.repository';
import type { JobHandler } from '../../../jobs/job-runner';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
const MINUTE = 60_000;

const sendNews: JobHandler = async (payload) => {
  if (payload.fail) throw new Error('SMTP 421 try later');
};

beforeAll(async () => {
  ctx = await createTestContext({ services: { jobs: { maxAttempts: 2, retryBaseMs: MINUTE, log: () => {}, handlers: { send_news: sendNews } } } });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  owner = await createStaffMember(ctx, 'owner');
});
afterAll(() => ctx.close());

const enqueue = (payload: Record<string, unknown>) => createJobsRepository(ctx.db).enqueue('send_news', payload, ctx.clock.now(), ctx.clock.now());

describe('jobs over HTTP', () => {
  it('lists the dead and failing jobs with kind, error and attempts, and retries one, audited', async () => {
    await enqueue({ fail: true, n: 1 });
    await enqueue({ fail: false, n: 2 });
    await ctx.services.jobRunner.runDue();
    ctx.clock.advance(MINUTE);
    await ctx.services.jobRunner.runDue();

    const listed = await ctx.app.inject({ url: '/api/admin/jobs', cookies: owner.cookies });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().jobs).toHaveLength(1);
    const [dead] = listed.json().jobs;
    expect(dead).toMatchObject({
      kind: 'send_news',
      state: 'dead',
      attempts: 2,
      last_error: 'SMTP 421 try later',
      payload: { fail: true, n: 1 },
      dead_at: ctx.clock.now().toISOString(),
    });

    const retried = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${dead.id}/retry`, cookies: owner.cookies });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: dead.id, state: 'failing', attempts: 0, dead_at: null, run_at: ctx.clock.now().toISOString() });
    // Already due again: a second retry is a conflict, not a second audit row.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${dead.id}/retry`, cookies: owner.cookies });
    expect([again.statusCode, again.json().error]).toEqual([409, 'version_conflict']);

    const audit = (await ctx.app.inject({ url: '/api/admin/audit?action=job.retry', cookies: owner.cookies })).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      staff_email: owner.member.email,
      target_type: 'job',
      target_id: String(dead.id),
      before: { state: 'dead', attempts: 2 },
      after: { state: 'due', attempts: 0 },
    });

    // It fails once more and waits for its next attempt: failing, not dead.
    await ctx.services.jobRunner.runDue();
    expect((await ctx.app.inject({ url: '/api/admin/jobs', cookies: owner.cookies })).json().jobs[0]).toMatchObject({
      id: dead.id,
      state: 'failing',
      attempts: 1,
    });
  });

  it('answers 404 for an unknown job (one past the id range too) and 400 for a malformed id', async () => {
    for (const unknownId of ['999999', '99999999999999']) {
      const unknown = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${unknownId}/retry`, cookies: owner.cookies });
      expect([unknownId, unknown.statusCode]).toEqual([unknownId, 404]);
    }
    for (const bad of ['abc', '-1', '1.5', '0']) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${bad}/retry`, cookies: owner.cookies });
      expect([bad, response.statusCode]).toEqual([bad, 400]);
    }
  });

  it('is for owners only', async () => {
    const admin = await createStaffMember(ctx, 'admin');
    const response = await ctx.app.inject({ url: '/api/admin/jobs', cookies: admin.cookies });
    expect([response.statusCode, response.json().error]).toEqual([403, 'staff_forbidden']);
  });
});
