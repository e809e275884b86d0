import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/shared/app-error';

/**
 * How much JSON one request may carry (ADR 0052). Every API call takes at most a few KB; the
 * longest texts (a chat message or a host's reply, 20,000 characters, up to 3 bytes each in
 * UTF-8) still fit in the default.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
/** The console's site settings: every language's texts and custom pages in one save. */
export const SITE_SETTINGS_BODY_LIMIT = 1024 * 1024;
/** Our deepest payload (a site's custom page inside its texts per language) nests 5 levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `maxDepth`, found by one pass over
 * the characters (strings skipped) before anything is parsed: a megabyte of `[[[[…` costs a
 * scan, not a parse and a schema check that recurse a million levels.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (secure-json-parse: `__proto__` and
 * `constructor.prototype` refused) behind the depth check. The size limit is Fastify's own,
 * per route (`bodyLimit`), checked against Content-Length before a byte is read.
 */
export function installJsonBodyParser(app: FastifyInstance, options: { maxDepth: number } = { maxDepth: MAX_JSON_DEPTH }) {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw as string;
    if (isNestedDeeperThan(body, options.maxDepth)) {
      done(new AppError('body_too_deep', { params: { depth: options.maxDepth }, detail: `JSON body nested deeper than ${options.maxDepth}` }), undefined);
      return;
    }
    parse(request, body, done);
  });
}
