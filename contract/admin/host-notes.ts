import { z } from 'zod';
import { RecordIdParam, text } from '../inputs';

/** Hosts' notes (issue 32) on a conversation's member or fictional profile; shown as text, never HTML. */
export const HOST_NOTE_MAX = 1000;

export const HostNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  /** The note is the viewer's own, so they may delete it. */
  mine: z.boolean(),
  created_at: z.string(),
});
export type HostNote = z.infer<typeof HostNote>;

export const HostNotes = z.object({ member: z.array(HostNote), profile: z.array(HostNote) });
export type HostNotes = z.infer<typeof HostNotes>;

export const AddHostNoteInput = z
  .object({ about: z.enum(['member', 'profile']), text: text({ multiline: true, trim: true }).min(1).max(HOST_NOTE_MAX) })
  .strict();
export const HostNoteParams = z.object({ id: RecordIdParam });
