import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorBody, type ErrorCode } from '../../contract/errors';
import { DEFAULT_LANGUAGE } from '../../contract/locales';
import { isAppError } from '../domain/shared/app-error';
import type { Translator } from '../i18n/translator';
import { describeIssues, fromFastifyIssue, InputValidationError, isOnlyMissingRecords, type InputIssue } from './field-problems';

/**
 * The one place errors become responses: `{ error, message }` with the text in the request's
 * language. Details of unexpected failures go to the log only.
 */
export function installErrorHandler(app: FastifyInstance, translator: Translator) {
  const translate = (request: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}) =>
    translator.forLanguage(request.language ?? DEFAULT_LANGUAGE)(`errors.${code}`, params);

  const send = (reply: FastifyReply, body: ErrorBody) => reply.status(errorStatus[body.error]).send(body);

  /** A request part that fails its schema: a translated problem per field; an id no record can have is a 404. */
  const sendInvalid = (request: FastifyRequest, reply: FastifyReply, part: string, issues: InputIssue[], input: unknown) => {
    const fields = describeIssues(part, issues, input, translator.forLanguage(request.language ?? DEFAULT_LANGUAGE));
    if (isOnlyMissingRecords(issues)) return send(reply, { error: 'not_found', message: translate(request, 'not_found'), fields });
    const names = [...new Set(fields.map((field) => field.field))].join(', ');
    return send(reply, { error: 'validation_failed', message: translate(request, 'validation_failed', { fields: names }), fields });
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
    // Malformed JSON, a body that is too large, a wrong content type: the client's fault.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      return reply.status(error.statusCode).send({
        error: 'validation_failed',
        message: translate(request, 'validation_failed', { fields: 'body' }),
        fields: [{ field: 'body', problem: translator.forLanguage(request.language ?? DEFAULT_LANGUAGE)('validation.unreadable') }],
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { error: 'internal_error', message: translate(request, 'internal_error') });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, { error: 'not_found', message: translate(request, 'not_found') }),
  );
}

/** What the schema of one request part saw. */
function inputOf(request: FastifyRequest, part: string): unknown {
  if (part === 'querystring') return request.query;
  if (part === 'params') return request.params;
  if (part === 'headers') return request.headers;
  return request.body;
}
