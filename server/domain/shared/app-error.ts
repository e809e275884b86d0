import type { ErrorCode } from '../../../contract/errors';

export interface FieldProblem {
  field: string;
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export interface AppErrorOptions {
  /** Values for the message's placeholders, e.g. `{ minutes: 15 }`. */
  params?: Record<string, string | number>;
  /** Every field that is wrong, for forms that show each problem beside its field. */
  fields?: FieldProblem[];
  /** A corrected value to offer ("did you mean …"). */
  suggestion?: string;
  /** For logs only; never sent to the client. */
  detail?: string;
}

/**
 * The one error type the domain throws. It carries a code from the contract; the HTTP
 * error handler turns it into a status and the member's-language text.
 */
export class AppError extends Error {
  readonly params: Record<string, string | number>;
  readonly fields: FieldProblem[];
  readonly suggestion?: string;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.detail ?? code);
    this.name = 'AppError';
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.suggestion = options.suggestion;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Throws the first problem as the error, with every problem listed in `fields`. */
export function throwFieldProblems(problems: FieldProblem[], suggestion?: string): void {
  if (!problems.length) return;
  const [first] = problems;
  throw new AppError(first.code, { params: first.params, fields: problems, suggestion });
}
