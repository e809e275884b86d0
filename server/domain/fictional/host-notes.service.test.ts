import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let owner: StaffActor;
let hostA: StaffActor;
let hostB: StaffActor;
let next = 0;

const actorOf = (member: { id: number; email: string; role: StaffActor['role'] }): StaffActor => ({
  id: member.id,
  email: member.email,
  role: member.role,
  ip: null,
});

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { freeMessages: 5 });
  owner = actorOf((await createStaffMember(ctx, 'owner')).member);
  hostA = actorOf((await createStaffMember(ctx, 'host')).member);
  hostB = actorOf((await createStaffMember(ctx, 'host')).member);
});
afterAll(() => ctx.close());

async function conversation() {
  const profileFields = {
    name: 'Noor',
    gender: 'female' as const,
    seeking: 'male' as const,
    dateOfBirth: '1992-01-01',
    country: 'NL',
    city: 'Delft',
    about: '',
    status: 'active' as const,
  };
  const fictional = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
  const member = await createVisibleMember(ctx, site, { gender: 'male' });
  const sent = await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Hi', clientId: `notes-${++next}-${Date.now()}` });
  return { conversationId: sent.message.conversation_id, fictional, member };
}

describe('hostNotes', () => {
  it('keeps notes on the member and on the profile that every host sees, newest first with their author', async () => {
    const { conversationId, member, fictional } = await conversation();
    await ctx.services.hostNotes.add(hostA, conversationId, 'member', 'Works nights as a nurse.');
    ctx.clock.advance(60_000);
    await ctx.services.hostNotes.add(hostB, conversationId, 'member', 'Has a dog called <b>Rex</b>.');
    await ctx.services.hostNotes.add(hostA, conversationId, 'profile', 'Noor told him she paints.');
    const notes = await ctx.services.hostNotes.list(conversationId, null);
    expect(notes.member.map((note) => [note.body, note.staffId, note.subjectId])).toEqual([
      ['Has a dog called <b>Rex</b>.', hostB.id, member.id],
      ['Works nights as a nurse.', hostA.id, member.id],
    ]);
    expect(notes.member[0].authorName).toMatch(/^host /);
    expect(notes.profile.map((note) => [note.body, note.subjectId])).toEqual([['Noor told him she paints.', fictional.id]]);

    // A note on the member follows them into their other conversations with fictional profiles.
    const other = await ctx.services.fictionalProfiles.create(owner, site.id, {
      name: 'Ilse',
      gender: 'female',
      seeking: 'male',
      dateOfBirth: '1990-01-01',
      country: 'NL',
      city: null,
      about: '',
      status: 'active',
    });
    const second = await ctx.services.chat.send(site, member.id, {
      profileId: other.id,
      kind: 'text',
      text: 'Hello',
      clientId: `notes-${++next}-${Date.now()}`,
    });
    const elsewhere = await ctx.services.hostNotes.list(second.message.conversation_id, null);
    expect(elsewhere.member).toHaveLength(2);
    expect(elsewhere.profile).toHaveLength(0);
  });

  it('lets a host delete only their own notes, each write audited', async () => {
    const { conversationId } = await conversation();
    const note = await ctx.services.hostNotes.add(hostA, conversationId, 'member', 'Likes jazz.');
    expect((await failure(ctx.services.hostNotes.remove(hostB, note.id))).code).toBe('staff_forbidden');
    await ctx.services.hostNotes.remove(hostA, note.id);
    expect((await ctx.services.hostNotes.list(conversationId, null)).member).toEqual([]);
    expect((await failure(ctx.services.hostNotes.remove(hostA, note.id))).code).toBe('not_found');
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'host_note' and ${auditLog.targetId} = ${String(note.id)}`);
    expect(rows.map((row) => [row.action, row.staffId]).sort()).toEqual([
      ['host_note.add', hostA.id],
      ['host_note.delete', hostA.id],
    ]);
  });

  it('reaches people only through a conversation with a fictional profile', async () => {
    expect((await failure(ctx.services.hostNotes.list(999_999, null))).code).toBe('not_found');
    expect((await failure(ctx.services.hostNotes.add(hostA, 999_999, 'member', 'x'))).code).toBe('not_found');
  });
});
