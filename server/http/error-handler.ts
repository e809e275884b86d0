import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus } from '../../contract/error-status';
import type { ErrorBody, ErrorCode } from '../../contract/errors';
import { DEFAULT_LANGUAGE } from '../../contract/locales';
import { isAppError } from '../domain/shared/app-error';
import type { Translator } from '../i18n/translator';
import { consoleLanguageOf } from './admin/console-language';
import { describeConsoleIssues, summarizeConsoleProblems } from './console-field-problems';
import { describeIssues, fromFastifyIssue, InputValidationError, isOnlyMissingRecords, type InputIssue } from './field-problems';

/**
 * The one place errors become responses: `{ error, message }` with the text in the request's
 * language — a member's page language, or on a console call the staff member's console
 * language (issue 32). Details of unexpected failures go to the log only.
 */
export function installErrorHandler(app: FastifyInstance, translator: Translator) {
  const languageOf = (request: FastifyRequest) => languageOfError(request, translator);
  const translate = (request: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}) => translateError(translator, request, code, params);

  /** A request part that fails its schema: a translated problem per field; an id no record can have is a 404. */
  const sendInvalid = (request: FastifyRequest, reply: FastifyReply, part: string, issues: InputIssue[], input: unknown) => {
    if (isConsoleCall(request)) return sendInvalidToOperator(request, reply, part, issues, input);
    const fields = describeIssues(part, issues, input, translator.forLanguage(request.language ?? DEFAULT_LANGUAGE));
    if (isOnlyMissingRecords(issues)) return send(reply, { error: 'not_found', message: translate(request, 'not_found'), fields });
    const names = [...new Set(fields.map((field) => field.field))].join(', ');
    return send(reply, { error: 'validation_failed', message: translate(request, 'validation_failed', { fields: names }), fields });
  };

  /** The same for a console form: fields named by their labels, money in currency units (issue 32). */
  const sendInvalidToOperator = (request: FastifyRequest, reply: FastifyReply, part: string, issues: InputIssue[], input: unknown) => {
    const t = translator.forLanguage(languageOf(request));
    const fields = describeConsoleIssues(part, issues, input, t);
    if (isOnlyMissingRecords(issues)) return send(reply, { error: 'not_found', message: translate(request, 'not_found'), fields });
    return send(reply, { error: 'validation_failed', message: summarizeConsoleProblems(fields, t), fields });
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      return sendInvalid(request, reply, part, error.validation.map(fromFastifyIssue), inputOf(request, part));
    }
    if (error instanceof InputValidationError) return sendInvalid(request, reply, error.part, error.issues, error.input);
    if (isAppError(error)) {
      return send(reply, {
        error: error.code,
        message: translate(request, error.code, error.params),
        ...(error.fields.length && {
          fields: error.fields.map((field) => ({
            field: field.field,
            code: field.code,
            problem: translate(request, field.code, field.params),
          })),
        }),
        ...(error.suggestion && { suggestion: error.suggestion }),
      });
    }
    if (error.statusCode === 429) {
      return send(reply, { error: 'rate_limited', message: translate(request, 'rate_limited') });
    }
    // Refused by its Content-Length (or while reading): the client keeps sending, so close after.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      request.log.info({ err: error }, 'rejected request');
      const kilobytes = Math.floor((request.routeOptions.bodyLimit ?? 0) / 1024);
      reply.header('connection', 'close');
      return send(reply, { error: 'body_too_large', message: translate(request, 'body_too_large', { kilobytes }) });
    }
    // Malformed JSON, a body that is too large, a wrong content type: the client's fault.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      return reply.status(error.statusCode).send({
        error: 'validation_failed',
        message: translate(request, 'validation_failed', { fields: 'body' }),
        fields: [{ field: 'body', problem: translator.forLanguage(languageOf(request))('validation.unreadable') }],
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { error: 'internal_error', message: translate(request, 'internal_error') });
  });
}

/**
 * What no route answers: a translated `not_found`. Registered last in the site's scope, so the
 * answers get every hook of that scope, plus `onResponse` (the metrics of unmatched requests):
 * hooks of this scope run for these answers only, not for every route's (issue 36).
 */
export async function notFoundScope(app: FastifyInstance, options: { translator: Translator; onResponse: onResponseHookHandler }) {
  app.addHook('onResponse', options.onResponse);
  app.setNotFoundHandler((request, reply) => send(reply, { error: 'not_found', message: translateError(options.translator, request, 'not_found') }));
}

function send(reply: FastifyReply, body: ErrorBody) {
  return reply.status(errorStatus[body.error]).send(body);
}

/** A member's page language, or on a console call the staff member's console language. */
function languageOfError(request: FastifyRequest, translator: Translator) {
  return isConsoleCall(request) ? consoleLanguageOf(request, translator) : (request.language ?? DEFAULT_LANGUAGE);
}

/** A console call reads the console's own wording first (locales/admin, `errors.<code>`), then the shared one. */
function translateError(translator: Translator, request: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}) {
  const keys = isConsoleCall(request) ? [`admin:errors.${code}`, `errors.${code}`] : `errors.${code}`;
  return translator.forLanguage(languageOfError(request, translator))(keys, params);
}

/** A call of the operators' console, whose refusals speak the console's words: every console route states its staff rule (staff-auth.ts). */
function isConsoleCall(request: FastifyRequest): boolean {
  return request.routeOptions.config?.staff !== undefined;
}

/** What the schema of one request part saw. */
function inputOf(request: FastifyRequest, part: string): unknown {
  if (part === 'querystring') return request.query;
  if (part === 'params') return request.params;
  if (part === 'headers') return request.headers;
  return request.body;
}
