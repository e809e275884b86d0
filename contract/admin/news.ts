import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../locales';
import { named } from '../inputs';

/** One language's text of an operator's `news` broadcast: plain text, never HTML. */
export const NewsText = z.object({
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
});

/**
 * An operator's `news` broadcast (issue 17): the site it goes to (or every site) and its text
 * per language; members get theirs, else their site's language, else English, which is therefore required.
 */
export const NewsBroadcastInput = z.object({
  site: z.union([z.literal('all'), z.coerce.number().int().positive()]),
  texts: z
    .partialRecord(z.enum(SUPPORTED_LANGUAGES), NewsText)
    .refine((texts) => !!texts.en, named('required', 'An English text is required: members whose language has none get it.', ['en'])),
});
export type NewsBroadcastInput = z.infer<typeof NewsBroadcastInput>;
