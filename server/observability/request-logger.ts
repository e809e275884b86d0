import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, bound to its id (and its route's level) like the child Fastify makes for
 * every request, but made only when the request first writes a line its level lets through.
 * Most requests write nothing but their access line, and at `LOG_LEVEL=warn`, or on a route
 * logged at `warn` such as the probes, nothing at all: those no longer pay for a pino child
 * (its bindings serialized, its level methods set) on every call (issue 36).
 */
export class RequestLogger implements FastifyBaseLogger {
  #written: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#written?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.written().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const values = this.parent.levels.values;
    return values[level] >= values[this.level];
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.written().child(bindings, options);
  }

  silent(): void {}

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  /** The pino child itself, made the first time a line is written. */
  private written(): Logger {
    return (this.#written ??= this.parent.child(this.bindings, this.options));
  }

  static {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] satisfies Level[]) {
      this.prototype[level] = function write(this: RequestLogger, ...args: unknown[]) {
        if (this.isLevelEnabled(level)) (this.written()[level] as (...line: unknown[]) => void)(...args);
      } as LogFn;
    }
  }
}

/** Fastify's `childLoggerFactory`: a pino logger gets lazy request loggers; Fastify's silent stand-in (logging off) its own children. */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return isPino(logger) ? new RequestLogger(logger, bindings, options) : logger.child(bindings, options);
}

function isPino(logger: FastifyBaseLogger): logger is Logger {
  return typeof (logger as Partial<Logger>).levels?.values === 'object';
}
