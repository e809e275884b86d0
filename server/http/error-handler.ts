import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorStatus, type ErrorBody, type ErrorCode } from '../../contract/errors';
import { DEFAULT_LANGUAGE } from '../../contract/locales';
import { isAppError } from '../domain/shared/app-error';
import type { Translator } from '../i18n/translator';

/**
 * The one place errors become responses: `{ error, message }` with the text in the request's
 * language. Details of unexpected failures go to the log only.
 */
export function installErrorHandler(app: FastifyInstance, translator: Translator) {
  const translate = (request: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}) =>
    translator.forLanguage(request.language ?? DEFAULT_LANGUAGE)(`errors.${code}`, params);

  const send = (reply: FastifyReply, body: ErrorBody) => reply.status(errorStatus[body.error]).send(body);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        problem: issue.message ?? 'invalid',
      }));
      return send(reply, {
        error: 'validation_failed',
        message: translate(request, 'validation_failed', { fields: fields.map((f) => f.field).join(', ') }),
        fields,
      });
    }
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
        fields: [{ field: 'body', problem: error.message }],
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, { error: 'internal_error', message: translate(request, 'internal_error') });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, { error: 'not_found', message: translate(request, 'not_found') }),
  );
}
