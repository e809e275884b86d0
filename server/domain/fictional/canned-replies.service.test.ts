import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let otherSite: SiteRow;
let admin: StaffActor;

const auditRows = (action: string, targetId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.targetId} = ${String(targetId)}`);

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db);
  otherSite = await createSite(ctx.db);
  const { member } = await createStaffMember(ctx, 'admin');
  admin = { id: member.id, email: member.email, role: member.role, ip: '127.0.0.1' };
});
afterAll(() => ctx.close());

describe('cannedReplies', () => {
  it('keeps replies per site and language, listed by language then title', async () => {
    const service = ctx.services.cannedReplies;
    await service.create(admin, site.id, { language: 'en', title: 'Weekend', body: 'Hi {name}, any plans for the weekend?' });
    await service.create(admin, site.id, { language: 'de', title: 'Wochenende', body: 'Hallo {name}, was machst du am Wochenende?' });
    await service.create(admin, site.id, { language: 'en', title: 'Greeting', body: 'Hello {name}!' });
    await service.create(admin, otherSite.id, { language: 'en', title: 'Elsewhere', body: 'Not on this site' });
    expect((await service.list(site.id, 'en', null)).map((reply) => reply.title)).toEqual(['Greeting', 'Weekend']);
    expect((await service.list(site.id, null, null)).map((reply) => reply.title)).toEqual(['Wochenende', 'Greeting', 'Weekend']);
    expect((await service.list(otherSite.id, null, null)).map((reply) => reply.title)).toEqual(['Elsewhere']);
  });

  it('audits creating, editing and deleting a reply', async () => {
    const service = ctx.services.cannedReplies;
    const created = await service.create(admin, site.id, { language: 'fr', title: 'Bonjour', body: 'Salut {name} !' });
    expect(created).toMatchObject({ siteId: site.id, createdBy: admin.id });
    const [made] = await auditRows('canned_reply.create', created.id);
    expect(made).toMatchObject({ staffId: admin.id, targetType: 'canned_reply', diff: { after: { title: 'Bonjour', language: 'fr' } } });

    ctx.clock.advance(60_000);
    const edited = await service.update(admin, created.id, { body: 'Coucou {name} !' });
    expect(edited.body).toBe('Coucou {name} !');
    expect(edited.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());
    const [change] = await auditRows('canned_reply.update', created.id);
    expect(change.diff).toEqual({ before: { body: 'Salut {name} !' }, after: { body: 'Coucou {name} !' } });

    await service.remove(admin, created.id);
    expect((await service.list(site.id, 'fr', null)).map((reply) => reply.id)).not.toContain(created.id);
    expect(await auditRows('canned_reply.delete', created.id)).toHaveLength(1);
  });

  it('refuses a missing site by its field and a missing reply as not found', async () => {
    const service = ctx.services.cannedReplies;
    const noSite = await failure(service.create(admin, 999_999, { language: 'en', title: 'x', body: 'y' }));
    expect(noSite).toMatchObject({ code: 'validation_failed' });
    expect((await failure(service.update(admin, 999_999, { title: 'x' }))).code).toBe('not_found');
    expect((await failure(service.remove(admin, 999_999))).code).toBe('not_found');
  });
});
