import fc from 'fast-check';
import { hostileValue } from './hostile-values';

/** A JSON Schema (OpenAPI 3.0 dialect, as the API document and `z.toJSONSchema` write it). */
export type JsonSchema = { [keyword: string]: unknown };

export interface SchemaValueOptions {
  /** Resolves `$ref`s of the document the schema comes from. */
  resolve(ref: string): JsonSchema;
  /** Realistic values for a property of this name (known ids, a member's e-mail …), or null. */
  hint(name: string): fc.Arbitrary<unknown> | null;
  /** Share of fields that get a hostile value instead of a fitting one (0 … 1). */
  hostility: number;
}

const MAX_DEPTH = 6;

/**
 * Values for one schema that mostly fit it — so that requests get past validation into the
 * domain and the database — with a share of fields swapped for hostile ones, required fields
 * left out and unknown ones added.
 */
export function schemaValues(schema: JsonSchema, options: SchemaValueOptions, name = '', depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValues(schema, options, name, depth);
  const hinted = name ? options.hint(name) : null;
  const good = hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: fitting }) : fitting;
  if (options.hostility <= 0) return good;
  const hostileWeight = Math.max(1, Math.round(options.hostility * 100));
  return fc.oneof({ weight: 100 - hostileWeight, arbitrary: good }, { weight: hostileWeight, arbitrary: hostileValue });
}

function fittingValues(raw: JsonSchema, options: SchemaValueOptions, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = typeof raw.$ref === 'string' ? options.resolve(raw.$ref) : raw;
  if (depth > MAX_DEPTH) return fc.constant(null);
  const base = baseValues(schema, options, name, depth);
  return schema.nullable === true ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function baseValues(schema: JsonSchema, options: SchemaValueOptions, name: string, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => fittingValues(alternative, options, name, depth + 1)));
  if (Array.isArray(schema.allOf)) return fittingValues(mergeAll(schema, schema.allOf as JsonSchema[], options), options, name, depth + 1);
  switch (schema.type) {
    case 'string':
      return stringValues(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, 1), max: upperBound(schema, 1) });
    case 'number':
      return fc.double({ min: lowerBound(schema, 0), max: upperBound(schema, 0), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const maxLength = Math.min(Number(schema.maxItems ?? 4), 4);
      return fc.array(schemaValues(items, options, name, depth + 1), { minLength: Math.min(Number(schema.minItems ?? 0), maxLength), maxLength });
    }
    case 'object':
      return objectValues(schema, options, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with its required keys (now and then one left out), some optional ones, now and then an unknown one. */
function objectValues(schema: JsonSchema, options: SchemaValueOptions, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (!names.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  const model = Object.fromEntries(names.map((key) => [key, schemaValues(properties[key], options, key, depth + 1)]));
  const record = fc.record(model, { requiredKeys: names.filter((key) => required.has(key)) });
  if (options.hostility <= 0) return record;
  return fc.tuple(record, fc.integer({ min: 0, max: 19 }), fc.constantFrom(...names), hostileValue).map(([value, dice, victim, extra]) => {
    const copy = { ...(value as Record<string, unknown>) };
    if (dice === 0) delete copy[victim];
    if (dice === 1) copy[`unknown_${victim}`] = extra;
    return copy;
  });
}

function stringValues(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.min(Number(schema.maxLength ?? 40), 40);
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : null;
  if (pattern && !isTextPattern(pattern)) {
    try {
      return fc.stringMatching(new RegExp(pattern)).filter((value) => value.length >= minLength && value.length <= Number(schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
}

/** The contract's "no control characters" pattern says nothing about what a field holds. */
function isTextPattern(pattern: string): boolean {
  return pattern.startsWith('^[^');
}

function lowerBound(schema: JsonSchema, step: number): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : -1000;
  return schema.exclusiveMinimum === true ? minimum + step : minimum;
}

function upperBound(schema: JsonSchema, step: number): number {
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : 1000;
  // Fitting values stay small: the interesting large ones come from the hostile side.
  return Math.min(schema.exclusiveMaximum === true ? maximum - step : maximum, 100_000);
}

function mergeAll(schema: JsonSchema, parts: JsonSchema[], options: SchemaValueOptions): JsonSchema {
  const merged: JsonSchema = { ...schema };
  delete merged.allOf;
  for (const part of parts) {
    const resolved = typeof part.$ref === 'string' ? options.resolve(part.$ref) : part;
    for (const [keyword, value] of Object.entries(resolved)) {
      if (keyword === 'properties') merged.properties = { ...(merged.properties as object), ...(value as object) };
      else if (keyword === 'required') merged.required = [...((merged.required as string[]) ?? []), ...(value as string[])];
      else if (!(keyword in merged)) merged[keyword] = value;
    }
  }
  return merged;
}
