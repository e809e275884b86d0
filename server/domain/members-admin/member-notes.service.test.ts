import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../contract/admin/roles';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  // Building the services takes long on a busy machine.
}, 240_000);
afterAll(() => ctx.close());

async function actor(role: StaffRole): Promise<StaffActor> {
  const { member } = await createStaffMember(ctx, role);
  return { id: member.id, email: member.email, role, ip: '203.0.113.9' };
}

describe('membersAdmin notes', () => {
  it('shows a note with its author and date to every role that may see the member, never to hosts', async () => {
    const member = await createVisibleMember(ctx, site);
    const support = await actor('support');
    const written = await ctx.services.membersAdmin.addNote(support, member.id, 'Called about a double charge.\nPromised a refund <b>today</b>.');
    expect(written.notes).toEqual([
      {
        id: expect.any(Number),
        body: 'Called about a double charge.\nPromised a refund <b>today</b>.',
        author: expect.stringMatching(/^support \d+$/),
        created_at: ctx.clock.now().toISOString(),
      },
    ]);
    for (const role of ['owner', 'admin', 'moderator', 'support'] as const) {
      const { notes } = await ctx.services.membersAdmin.listNotes(await actor(role), member.id);
      expect(notes.map((note) => note.body)).toEqual(['Called about a double charge.\nPromised a refund <b>today</b>.']);
      expect(notes[0].author).toMatch(/^support \d+$/);
    }
    expect((await failure(ctx.services.membersAdmin.listNotes(await actor('host'), member.id))).code).toBe('staff_forbidden');
    expect((await failure(ctx.services.membersAdmin.addNote(await actor('host'), member.id, 'not mine to write'))).code).toBe('staff_forbidden');
  });

  it('audits every note with the member, newest first, and refuses a member who does not exist', async () => {
    const member = await createVisibleMember(ctx, site);
    const moderator = await actor('moderator');
    await ctx.services.membersAdmin.addNote(moderator, member.id, 'first');
    ctx.clock.advance(60_000);
    const { notes } = await ctx.services.membersAdmin.addNote(moderator, member.id, 'second');
    expect(notes.map((note) => note.body)).toEqual(['second', 'first']);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.note_add'), eq(auditLog.targetId, String(member.id))));
    expect(audits.map((row) => row.diff.after.body)).toEqual(['first', 'second']);
    expect((await failure(ctx.services.membersAdmin.addNote(moderator, 2_000_000_000, 'nobody'))).code).toBe('not_found');
  });
});
