import { z } from 'zod';
import { text } from '../inputs';

/** Staff notes on a member (issue 33): plain text, shown as text, never HTML. */
export const MEMBER_NOTE_MAX = 2000;

export const MemberNote = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The author's name (or address when they set none); null once their account is gone. */
  author: z.string().nullable(),
  created_at: z.string(),
});
export type MemberNote = z.infer<typeof MemberNote>;

export const MemberNotes = z.object({ notes: z.array(MemberNote) });
export type MemberNotes = z.infer<typeof MemberNotes>;

export const AddMemberNoteInput = z.object({ text: text({ multiline: true, trim: true }).min(1).max(MEMBER_NOTE_MAX) }).strict();
