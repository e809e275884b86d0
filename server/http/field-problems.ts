import type { TFunction } from 'i18next';
import { isNoSuchRecord, MULTI_LINE_PATTERN, namedProblemOf, SINGLE_LINE_PATTERN } from '../../contract/inputs';

/**
 * Validation issues as sentences a member can read, in their language: the validator's own
 * English ("Too small: expected string to have >=6 characters") never leaves the server. Each
 * issue is named by its kind (too short, not a number, not one of the choices …), with the
 * limit where it has one.
 */

/** One issue of a zod validation, whether it came through Fastify's schema check or a direct `safeParse`. */
export interface InputIssue {
  code: string;
  path: (string | number)[];
  details: Record<string, unknown>;
}

export interface FieldProblem {
  field: string;
  problem: string;
}

const OUR_TEXT_PATTERNS = new Set([String(SINGLE_LINE_PATTERN), String(MULTI_LINE_PATTERN)]);

/**
 * Translated problems for the issues of one part of a request (`body`, `querystring`,
 * `params`), named `<part>.<path>` as before. `input` is what was validated, to tell a
 * missing field from a wrong one.
 */
export function describeIssues(part: string, issues: InputIssue[], input: unknown, t: TFunction): FieldProblem[] {
  return listFieldIssues(issues).map(({ path, issue }) => ({
    field: [part, ...path].join('.'),
    problem: t(`validation.${problemKey(issue, valueAt(input, issue.path))}`, limitsOf(issue)),
  }));
}

/** Each issue with the path of the field it is about: one per unknown key, a failed union as its closest shape's issues. */
export function listFieldIssues(issues: InputIssue[]): { path: (string | number)[]; issue: InputIssue }[] {
  return expandUnions(issues).flatMap((issue) => {
    const keys = issue.code === 'unrecognized_keys' && Array.isArray(issue.details.keys) ? (issue.details.keys as string[]) : [null];
    return keys.map((key) => ({ path: key === null ? issue.path : [...issue.path, key], issue }));
  });
}

/** True when every issue is an id no record can have: the request asks for something that does not exist. */
export function isOnlyMissingRecords(issues: InputIssue[]): boolean {
  return issues.length > 0 && issues.every((issue) => isNoSuchRecord({ code: issue.code, params: issue.details }));
}

/** Fastify's copy of a zod issue (`keyword`, `instancePath`, the rest in `params`). */
export function fromFastifyIssue(entry: { keyword: string; instancePath: string; params: Record<string, unknown> }): InputIssue {
  return { code: entry.keyword, path: entry.instancePath.split('/').filter(Boolean), details: entry.params };
}

/** A zod issue as `safeParse` reports it. */
export function fromZodIssue(issue: { code: string; path: PropertyKey[] }): InputIssue {
  return {
    code: issue.code,
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    details: issue as unknown as Record<string, unknown>,
  };
}

/** A union none of whose shapes fit: the problems of the shape that came closest. */
function expandUnions(issues: InputIssue[]): InputIssue[] {
  return issues.flatMap((issue) => {
    const branches =
      issue.code === 'invalid_union' && Array.isArray(issue.details.errors) ? (issue.details.errors as { code: string; path: PropertyKey[] }[][]) : [];
    if (!branches.length) return [issue];
    const closest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return expandUnions(closest.map((inner) => ({ ...fromZodIssue(inner), path: [...issue.path, ...fromZodIssue(inner).path] })));
  });
}

/** The `validation.*` text that names this kind of issue. */
export function problemKey(issue: InputIssue, value: unknown): string {
  const { details } = issue;
  const origin = details.origin;
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'required';
      if (details.expected === 'int') return 'whole_number';
      if (details.expected === 'number') return 'number';
      return 'invalid';
    case 'too_small':
      if (origin === 'string') return Number(details.minimum) <= 1 ? 'required' : 'text_too_short';
      if (numeric) return details.inclusive === false ? 'number_not_above' : 'number_too_small';
      if (origin === 'array' || origin === 'set') return 'too_few';
      return 'invalid';
    case 'too_big':
      if (origin === 'string') return 'text_too_long';
      if (numeric) return details.inclusive === false ? 'number_not_below' : 'number_too_big';
      if (origin === 'array' || origin === 'set') return 'too_many';
      return 'invalid';
    case 'invalid_format':
      return details.format === 'regex' && OUR_TEXT_PATTERNS.has(String(details.pattern)) ? 'characters' : 'format';
    case 'invalid_value':
      return 'choice';
    case 'invalid_union':
      return value === undefined ? 'required' : 'choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'custom':
      if (isNoSuchRecord({ code: 'custom', params: details })) return 'no_such_record';
      return namedProblemOf(details) ?? 'invalid';
    default:
      return 'invalid';
  }
}

export function limitsOf(issue: InputIssue): Record<string, unknown> {
  return { min: issue.details.minimum, max: issue.details.maximum };
}

export function valueAt(input: unknown, path: (string | number)[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/**
 * Input checked after Fastify's schema step (a multipart form's fields): the error handler
 * answers it exactly like a schema failure.
 */
export class InputValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: InputIssue[],
    readonly input: unknown,
  ) {
    super(`invalid ${part}`);
    this.name = 'InputValidationError';
  }
}
