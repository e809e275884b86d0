import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SendPhotoFields } from '../../contract/gifts';
import { MAX_INTEGER_ID, text } from '../../contract/inputs';
import { ClientEvent } from '../../contract/ws-events';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';

/**
 * A guard for routes to come: every text a client can send is refused when it holds control
 * characters, and every id is bounded to its column — found by walking the API document (built
 * from the zod schemas) and the inputs it does not show (socket events, multipart fields).
 */

type Schema = { [keyword: string]: unknown };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Operation = { parameters?: { name: string; in: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const CONTROL_SAMPLES = ['a\u0000b', '\u0007', 'x\u001bx', '\u007f', 'x\u0085'];
/** Message ids live in a bigint column; every other id in an integer one. */
const MESSAGE_ID_NAMES = new Set(['before', 'message', 'reveal_photo', 'after_message_id']);
const ID_NAME = /(^|_)id$|^conversation$/;

/** Every input field of a document that lacks the restriction, as `<where> <path>: <what>`. */
function findUnguardedInputs(document: Document): string[] {
  const problems: string[] = [];
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref;
    return typeof ref === 'string' ? (document.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  };
  const visit = (raw: Schema, where: string, name: string, seen: Set<Schema>) => {
    const schema = resolve(raw);
    if (seen.has(schema)) return;
    seen.add(schema);
    for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
      for (const part of (schema[keyword] as Schema[] | undefined) ?? []) visit(part, where, name, seen);
    }
    const types = ([] as unknown[]).concat(schema.type ?? []);
    if (types.includes('string')) checkText(schema, `${where}: ${name}`);
    if (types.includes('integer') && MESSAGE_ID_NAMES.has(name)) checkId(schema, `${where}: ${name}`, Number.MAX_SAFE_INTEGER);
    else if (types.includes('integer') && ID_NAME.test(name)) checkId(schema, `${where}: ${name}`, MAX_INTEGER_ID);
    for (const [key, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) visit(property, where, key, seen);
    if (schema.items) visit(schema.items as Schema, where, name, seen);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') visit(schema.additionalProperties as Schema, where, `${name}.*`, seen);
  };
  const checkText = (schema: Schema, label: string) => {
    if (Array.isArray(schema.enum) || 'const' in schema) return;
    const patterns = [schema.pattern, ...((schema.allOf as Schema[] | undefined) ?? []).map((part) => part.pattern)].filter(
      (pattern): pattern is string => typeof pattern === 'string',
    );
    const refused = (sample: string) => patterns.some((pattern) => !new RegExp(pattern).test(sample));
    if (!CONTROL_SAMPLES.every(refused)) problems.push(`${label} takes control characters (build it with text() from contract/inputs)`);
  };
  const checkId = (schema: Schema, label: string, max: number) => {
    if (schema.maximum !== max) problems.push(`${label} is an id without the maximum of its column (${max}); use RecordId / MessageId from contract/inputs`);
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${where} ${parameter.in}`, parameter.name, new Set());
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) visit(schema, `${where} ${type}`, 'body', new Set());
    }
  }
  return problems;
}

/** A zod schema as the API document would show it, under a made-up operation. */
const asDocument = (name: string, schema: z.ZodType): Document => ({
  paths: {
    [name]: {
      post: { requestBody: { content: { 'application/json': { schema: z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) as Schema } } } },
    },
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

describe('input schemas', () => {
  it('refuse control characters in every text, and bound every id, in the API document', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as Document;
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    expect(findUnguardedInputs(document)).toEqual([]);
  });

  it('do the same for what the document does not show: socket events and photo-message fields', () => {
    expect(findUnguardedInputs(asDocument('ws client events', ClientEvent))).toEqual([]);
    expect(findUnguardedInputs(asDocument('photo message fields', SendPhotoFields))).toEqual([]);
  });

  it('flag a plain string or a plain id, so that the guard can fail', () => {
    const careless = z.object({ note: z.string().max(10), profile_id: z.number().int().positive(), kind: z.enum(['a', 'b']), name: text().max(10) });
    expect(findUnguardedInputs(asDocument('careless', careless))).toEqual([
      'POST careless application/json: note takes control characters (build it with text() from contract/inputs)',
      'POST careless application/json: profile_id is an id without the maximum of its column (2147483647); use RecordId / MessageId from contract/inputs',
    ]);
  });
});
