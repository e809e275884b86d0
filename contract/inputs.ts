import { z } from 'zod';

/**
 * The building blocks of every input schema — request bodies, query strings, path parameters,
 * multipart fields, WebSocket client events. Each field is built from these, so that what the
 * database cannot store (a NUL byte, an id past its column) is refused at the edge with a
 * field error instead of failing in a query. A test walks the API document and the socket
 * contract and fails on a text field without the restriction.
 */

/** C0 controls, DEL and C1 controls: never part of what a member types on one line. */
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f-\u009f]*$/;
/** The same, but tabs and line breaks are kept: messages and other texts of several lines. */
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** Marks the issue of an id that no record can have (past its column's range): the answer is 404, not 400. */
export const NO_SUCH_RECORD = 'no_such_record';

/**
 * Problems a refinement can name for the person who typed the value (`validation.<problem>` in
 * the catalogues). Without a name, a refinement's failure reads "This value is not valid."
 */
export const REFINEMENT_PROBLEMS = ['plain_name', 'not_zero', 'no_repeats', 'https_address', 'ages_in_order', 'required', 'choice', 'email_address'] as const;
export type RefinementProblem = (typeof REFINEMENT_PROBLEMS)[number];

/**
 * A refinement's options that name its problem: `.refine(check, named('plain_name', 'must be a
 * plain name'))`. The message stays the API's English for developers; people read the problem.
 */
export function named(problem: RefinementProblem, message: string, path?: PropertyKey[]) {
  return { message, params: { problem }, ...(path && { path }) };
}

/** The problem a refinement's issue names, if any: `issue` is the zod issue (or Fastify's copy of its fields). */
export function namedProblemOf(issue: Record<string, unknown>): RefinementProblem | null {
  const problem = (issue.params as { problem?: unknown } | undefined)?.problem;
  return (REFINEMENT_PROBLEMS as readonly unknown[]).includes(problem) ? (problem as RefinementProblem) : null;
}

export interface TextOptions {
  /** Keep tabs and line breaks (messages, "about me"); everything else stays one line. */
  multiline?: boolean;
  /** Trim white space before the checks (and for what is stored). */
  trim?: boolean;
}

/**
 * A text input: a string without control characters (PostgreSQL refuses NUL in text, and no
 * other control character belongs in what members type). Chain limits after it:
 * `text({ trim: true }).min(1).max(254)`.
 */
export function text(options: TextOptions = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base.regex(options.multiline ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN);
}

/** A name an operator gives (a profile, a staff member, a partner): one line, no markup characters. */
export function plainName(max: number) {
  return text({ trim: true })
    .min(1)
    .max(max)
    .refine((value) => !/[<>]/.test(value), named('plain_name', 'must be a plain name'));
}

/** Largest value of a PostgreSQL `integer` column: every id but a message's. */
export const MAX_INTEGER_ID = 2_147_483_647;

/**
 * An id as JSON carries it, bounded to the column it names: a positive integer (else 400), and
 * one past the column's range is a record that cannot exist (404, `NO_SUCH_RECORD`).
 */
function idOf(number: z.ZodNumber, max: number) {
  return number
    .int()
    .positive()
    .refine((id) => id <= max, { params: { code: NO_SUCH_RECORD }, abort: true })
    .meta({ maximum: max });
}

/** The id of a member, conversation, order, photo, bundle, mandate …: an `integer` column. */
export const RecordId = idOf(z.number(), MAX_INTEGER_ID);
/** The same, from a query string or a form field (text that must read as the number). */
export const RecordIdParam = idOf(z.coerce.number(), MAX_INTEGER_ID);
/** A message's id: a `bigint` column, so any safe integer can exist. */
export const MessageId = idOf(z.number(), Number.MAX_SAFE_INTEGER);
export const MessageIdParam = idOf(z.coerce.number(), Number.MAX_SAFE_INTEGER);

/** Whether a zod issue (or Fastify's copy of it) says "this record cannot exist". */
export function isNoSuchRecord(issue: { code?: string; keyword?: string; params?: unknown }): boolean {
  const params = issue.params as { code?: unknown; params?: { code?: unknown } } | undefined;
  return (issue.code ?? issue.keyword) === 'custom' && (params?.code === NO_SUCH_RECORD || params?.params?.code === NO_SUCH_RECORD);
}
