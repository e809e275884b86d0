import fc from 'fast-check';
import { SUPPORTED_LANGUAGES } from '../../contract/locales';
import { hostileNumber, hostileQueryValue, hostileString, hostileValue, percentEncode } from './hostile-values';
import { schemaValues, type JsonSchema } from './schema-values';

/** One request of a fuzz run, ready for `app.inject` or `fetch`. */
export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded (hostile parts deliberately not always well-encoded). */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Send it with the signed-in member's session cookie. */
  signedIn: boolean;
  /** The client address, so that per-address rate limits spread over many clients (in-process runs only). */
  remoteAddress: string;
  /** The operation it aims at, e.g. `POST /api/messages.php` or `PAGE /members/:id`, for the report. */
  target: string;
}

/** What the fuzzed server holds, so that a share of the requests reach real records. */
export interface KnownValues {
  memberId: number;
  otherMemberId: number;
  conversationId: number;
  messageId: number;
  orderId: number;
  bundleId: number;
  demoPaymentId: string;
  email: string;
  password: string;
  /** A small real JPEG, for uploads that get past the multipart parsing into image processing. */
  image: Buffer;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface FuzzSubject {
  document: OpenApiDocument;
  /** Page routes as React Router declares them, e.g. `/members/:id`, `/credits/:id/:paymentmethod?`. */
  pagePatterns: string[];
  known: KnownValues;
  /** Share of fields that get a hostile value (default 0.15). */
  hostility?: number;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
/** Requests that end the session they carry: sent without it, so the run keeps its member signed in. */
const SESSION_ENDING = new Set(['GET /api/logout.php']);

/**
 * Requests across every operation of the API document and every page route: mostly shaped
 * like the real thing (so they get past validation into the domain and the database), with a
 * share of hostile values, wrong methods, malformed bodies and wrong content types.
 */
export function fuzzRequests(subject: FuzzSubject): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(subject.document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const options = {
    resolve: (ref: string) => resolveRef(subject.document, ref),
    hint: valueHints(subject.known),
    hostility: subject.hostility ?? 0.15,
  };
  const apiRequests = fc.constantFrom(...operations).chain((target) => apiRequest(target, options, subject.known));
  const pageRequests = fc.constantFrom(...subject.pagePatterns).chain((pattern) => pageRequest(pattern, subject.known));
  return fc
    .tuple(
      fc.oneof({ weight: 14, arbitrary: apiRequests }, { weight: 5, arbitrary: pageRequests }, { weight: 1, arbitrary: oddRequest(subject.known) }),
      commonHeaders(),
      fc.boolean(),
      fc.ipV4(),
    )
    .map(([request, headers, signedIn, remoteAddress]) => ({
      ...request,
      headers: { ...headers, ...request.headers },
      signedIn: signedIn && !SESSION_ENDING.has(request.target),
      remoteAddress,
    }));
}

type PartialRequest = Omit<FuzzRequest, 'signedIn' | 'remoteAddress'>;
type Body = { body?: string | Buffer; headers: Record<string, string> };
const noBody: Body = { headers: {} };
type ValueOptions = Parameters<typeof schemaValues>[1];

function apiRequest(
  target: { path: string; method: string; operation: OpenApiOperation },
  options: ValueOptions,
  known: KnownValues,
): fc.Arbitrary<PartialRequest> {
  const label = `${target.method} ${target.path}`;
  const method = fc.oneof({ weight: 19, arbitrary: fc.constant(target.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
  const path = fc.oneof({ weight: 24, arbitrary: fc.constant(target.path) }, { weight: 1, arbitrary: mangledPath(target.path) });
  return fc.tuple(method, path, queryString(target.operation.parameters ?? [], options), requestBody(target, options, known)).map(([m, p, query, body]) => ({
    method: m,
    url: `${p}${query}`,
    headers: body.headers,
    body: m === 'GET' || m === 'HEAD' ? undefined : body.body,
    target: label,
  }));
}

function queryString(parameters: NonNullable<OpenApiOperation['parameters']>, options: ValueOptions): fc.Arbitrary<string> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const value = (parameter: (typeof query)[number]) =>
    fc.oneof(
      { weight: 5, arbitrary: schemaValues(parameter.schema, { ...options, hostility: 0 }, parameter.name).map((item) => percentEncode(String(item))) },
      { weight: 1, arbitrary: hostileQueryValue },
    );
  const pairs = query.map((parameter) =>
    fc.option(
      value(parameter).map((item) => `${parameter.name}=${item}`),
      { freq: parameter.required ? 10 : 2 },
    ),
  );
  const extra = fc.option(
    fc.oneof(
      hostileQueryValue.map((item) => `unknown=${item}`),
      fc
        .constantFrom(...(query.length ? query.map((parameter) => parameter.name) : ['id']))
        .chain((name) => fc.tuple(hostileQueryValue, hostileQueryValue).map(([a, b]) => `${name}=${a}&${name}=${b}`)),
      fc.constantFrom('%', '&&&', '=', 'a[b]=1', '__proto__[x]=1', 'id[]=1'),
    ),
    { freq: 6 },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const parts = [...chosen.filter((item): item is string => item !== null), ...(more ? [more] : [])];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function requestBody(target: { path: string; operation: OpenApiOperation }, options: ValueOptions, known: KnownValues): fc.Arbitrary<Body> {
  const content = target.operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const takesMultipart = !!content['multipart/form-data'] || target.path === '/api/photos.php';
  const variants: fc.WeightedArbitrary<Body>[] = [
    { weight: 2, arbitrary: malformedBody() },
    { weight: 1, arbitrary: fc.constant(noBody) },
  ];
  if (json) {
    variants.push({
      weight: 14,
      arbitrary: fc
        .tuple(schemaValues(json, options), fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8'))
        .map(([value, type]) => ({ body: JSON.stringify(value), headers: { 'content-type': type } })),
    });
  }
  if (takesMultipart) variants.push({ weight: 8, arbitrary: multipartBody(json, options, known) });
  return fc.oneof(...variants);
}

/** Bodies no schema describes: broken JSON, the wrong content type, a multipart without its boundary. */
function malformedBody(): fc.Arbitrary<Body> {
  return fc.oneof<fc.Arbitrary<Body>[]>(
    fc
      .tuple(
        fc.constantFrom(
          '{"a":',
          '',
          'null',
          '[]',
          '"x"',
          '1',
          '{"email":"a\\u0000b"}',
          '\u0000',
          '\ufeff{}',
          '{"__proto__":{"x":1}}',
          'nul',
          '{"a":1}{"b":2}',
          '['.repeat(5000),
        ),
        fc.constant('application/json'),
      )
      .map(([body, type]) => ({ body, headers: { 'content-type': type } })),
    fc
      .tuple(
        fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null'),
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=utf-16',
          'image/png',
          '',
          '*/*',
          ';;;',
        ),
      )
      .map(([body, type]): Body => ({ body, headers: type ? { 'content-type': type } : {} })),
    hostileString.map((body) => ({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ body: Buffer.from(bytes), headers: { 'content-type': 'application/octet-stream' } })),
  );
}

/** Multipart forms: fitting ones with a real photo, and broken ones (no boundary, cut short, garbage headers). */
function multipartBody(fieldsSchema: JsonSchema | undefined, options: ValueOptions, known: KnownValues): fc.Arbitrary<Body> {
  const fields = fieldsSchema ? schemaValues(fieldsSchema, options) : fc.constant({});
  const file = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ data: known.image, type: 'image/jpeg' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream', ''))
        .map(([bytes, type]) => ({ data: Buffer.from(bytes), type })),
    },
  );
  return fc
    .tuple(fields, fc.option(file, { freq: 8 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 400 }), fc.boolean())
    .map(([values, upload, breakage, cut, fileFirst]) => {
      const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
      const fieldParts = Object.entries(typeof values === 'object' && values ? values : {}).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`),
      );
      const fileParts = upload
        ? [
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: ${upload.type}\r\n\r\n`),
            upload.data,
            Buffer.from('\r\n'),
          ]
        : [];
      const whole = Buffer.concat([...(fileFirst ? fileParts : []), ...fieldParts, ...(fileFirst ? [] : fileParts), Buffer.from(`--${boundary}--\r\n`)]);
      switch (breakage) {
        case 0:
          return { body: whole, headers: { 'content-type': 'multipart/form-data' } };
        case 1:
          return { body: whole.subarray(0, Math.max(1, whole.length - cut)), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
        case 2:
          return { body: whole, headers: { 'content-type': 'multipart/form-data; boundary=someotherboundary' } };
        case 3:
          return {
            body: `--${boundary}\r\nContent-Disposition: garbage\r\n\r\n\u0000\r\n--${boundary}`,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          };
        case 4:
          return { body: Buffer.concat([whole, whole]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
        default:
          return { body: whole, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
      }
    });
}

function mangledPath(path: string): fc.Arbitrary<string> {
  return fc.constantFrom(
    `${path}/`,
    path.toUpperCase(),
    `${path}%00`,
    `/${path}`,
    path.replace('/api/', '/api/../api/'),
    `${path}/extra`,
    path.replace('.php', ''),
    `${path};x`,
  );
}

/** A page route with its parameters filled: real ids, the edges of the id column, garbage. */
function pageRequest(pattern: string, known: KnownValues): fc.Arbitrary<PartialRequest> {
  const segment = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(known.memberId, known.otherMemberId, known.conversationId, known.orderId, known.bundleId).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('visa', 'ideal', 'directdebit', 'paypal', 'nope', 'received', 'sent', 'matches', 'terms', 'privacy') },
    { weight: 3, arbitrary: fc.oneof(hostileNumber.map(String), hostileQueryValue) },
  );
  const filled = fc.array(segment, { minLength: 6, maxLength: 6 }).chain((values) =>
    fc.boolean().map((dropOptional) => {
      let index = 0;
      return (
        pattern
          .split('/')
          .map((part) => {
            if (part === '*') return values[index++] ?? 'x';
            if (!part.startsWith(':')) return part;
            if (part.endsWith('?') && dropOptional) return null;
            return values[index++] ?? '1';
          })
          .filter((part): part is string => part !== null)
          .join('/') || '/'
      );
    }),
  );
  const query = fc.option(
    fc
      .tuple(
        fc.constantFrom('order', 'token', 'redirect', 'page', 'gender', 'country', 'min_age', 'reason', 't', 'lb', 'network', 'countryregion'),
        fc.oneof(hostileQueryValue, fc.constantFrom(String(known.orderId), '1', 'NL')),
      )
      .map(([name, value]) => `?${name}=${value}`),
    { freq: 3 },
  );
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant('GET') },
    { weight: 1, arbitrary: fc.constant('HEAD') },
    { weight: 5, arbitrary: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE') },
  );
  const body = fc.oneof<fc.Arbitrary<Body>[]>(
    fc.constant(noBody),
    malformedBody(),
    fc.constant({ body: 'intent=delete&id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  );
  return fc.tuple(filled, query, method, body).map(([path, search, m, b]) => ({
    method: m,
    url: `${path}${search ?? ''}`,
    headers: b.headers,
    body: m === 'GET' || m === 'HEAD' ? undefined : b.body,
    target: `PAGE ${pattern}`,
  }));
}

/** Everything else a scanner tries: unknown API paths, traversal, the hosted checkout, the socket path over plain HTTP. */
function oddRequest(known: KnownValues): fc.Arbitrary<PartialRequest> {
  const path = fc.oneof(
    fc.constantFrom(
      '/api/',
      '/api/nope.php',
      '/api/ws',
      '/api/docs/json',
      '/api/../../etc/passwd',
      '/media/../../etc/passwd',
      '/media/%00',
      '/assets/x.js',
      '/.env',
      '/wp-login.php',
      '/%',
      '/%ZZ',
      '//',
      '/?a=%',
    ),
    fc
      .oneof(fc.constant(known.demoPaymentId), hostileQueryValue, fc.constantFrom('demo_%00', 'demo_x', '%00%00%00%00%00', 'x'.repeat(65)))
      .map((id) => `/demo-checkout/${id}`),
    fc.webPath(),
  );
  const body = fc.oneof<fc.Arbitrary<Body>[]>(
    fc.constant(noBody),
    malformedBody(),
    fc
      .constantFrom('cancel', 'paid', 'failed', 'pending', 'x\u0000')
      .map((outcome) => ({ body: `outcome=${percentEncode(outcome)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })),
  );
  return fc.tuple(path, fc.constantFrom(...METHODS), body).map(([p, method, b]) => ({
    method,
    url: p.startsWith('/') ? p : `/${p}`,
    headers: b.headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : b.body,
    target: p.startsWith('/demo-checkout/') ? `${method} /demo-checkout/:id` : `${method} (odd path)`,
  }));
}

/** Headers every request gets: a same-origin browser mostly (so the CSRF check lets it through), any language. */
function commonHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc
    .tuple(
      fc.constantFrom<Record<string, string>>(
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
        { 'sec-fetch-site': 'cross-site' },
      ),
      fc.oneof(fc.constantFrom(...SUPPORTED_LANGUAGES), fc.constantFrom('de-DE,de;q=0.9,en;q=0.8', '*', 'xx', ';q=', 'a'.repeat(300))),
      fc.option(fc.constantFrom('NL', 'DE', 'US', 'XX', 'nl', '??', '\u00e9\u00e9'), { freq: 3 }),
      fc.boolean(),
    )
    .map(([csrf, language, country, client]) => ({
      ...csrf,
      'accept-language': language,
      ...(country && { 'cf-ipcountry': country }),
      ...(client && { 'x-request-type': 'client' }),
    }));
}

/** Realistic values by field name, so that requests reach real records and real rules. */
function valueHints(known: KnownValues): (name: string) => fc.Arbitrary<unknown> | null {
  const memberIds = fc.constantFrom(known.otherMemberId, known.otherMemberId, known.memberId, 1, 2);
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    email: fc.oneof(fc.constant(known.email), fc.emailAddress(), fc.constantFrom('eva@hotmial.com', 'nobody@example.com')),
    password: fc.constantFrom(known.password, 'correct horse battery', 'short', 'x'.repeat(200)),
    old_password: fc.constantFrom(known.password, 'wrong password 1'),
    new_password: fc.constantFrom('another good passphrase', 'short'),
    new_password_confirm: fc.constantFrom('another good passphrase', 'different'),
    password_confirm: fc.constantFrom('another good passphrase', 'different'),
    date_of_birth: fc.constantFrom('1990-04-12', '2012-01-01', '1900-02-30', '12-04-1990', '1800-01-01'),
    gender: fc.constantFrom('male', 'female', 'both', 'other'),
    seeking: fc.constantFrom('male', 'female', 'both'),
    country: fc.constantFrom('NL', 'DE', 'GB', 'US', 'XX', 'nl'),
    region: fc.constantFrom('NL-NH', 'DE-BE', 'XX-YY'),
    name: fc.constantFrom('Anna', 'Ben 2', '@me', 'a'),
    profile_id: memberIds,
    target_profile_id: memberIds,
    conversation_id: fc.constantFrom(known.conversationId, known.conversationId, 1),
    conversation: fc.oneof(fc.constant({ id: known.conversationId }), fc.constant(known.conversationId)),
    before: fc.constantFrom(known.messageId, known.messageId + 1),
    message: fc.constantFrom(known.messageId),
    reveal_photo: fc.constantFrom(known.messageId),
    after_message_id: fc.constantFrom(0, known.messageId - 1),
    id: fc.constantFrom(known.otherMemberId, known.orderId, known.memberId),
    order_id: fc.constantFrom(known.orderId),
    bundle_id: fc.constantFrom(known.bundleId),
    mandate_id: fc.constantFrom(1, 2),
    client_id: fc.uuid(),
    iban: fc.constantFrom('NL91ABNA0417164300', 'DE89370400440532013000', 'NL00XXXX0000000000'),
    mobile: fc.constantFrom('+31612345678', '0612345678', 'abcdef'),
    code: fc.constantFrom('TIMEBONUS25', '123456', 'NOPE'),
    discount_code: fc.constantFrom('TIMEBONUS25', 'NOPE'),
    token: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constant('short')),
    forced_domain: fc.constantFrom('localhost', 'flirt.localhost', 'example.com:3000'),
    text: fc.constantFrom('Hello there!', ''),
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lon: fc.double({ min: -180, max: 180, noNaN: true }),
    language: fc.constantFrom(...SUPPORTED_LANGUAGES),
    validate_only: fc.boolean(),
  };
  return (name) => hints[name] ?? null;
}

function resolveRef(document: OpenApiDocument, ref: string): JsonSchema {
  const name = ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] ?? {};
}

/** Hostile WebSocket client events: the contract's own shapes with hostile fields, and garbage frames. */
export function fuzzSocketMessages(clientEvent: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const events = schemaValues(clientEvent, { resolve: () => ({}), hint: valueHints(known), hostility: 0.25 });
  return fc.oneof(
    { weight: 8, arbitrary: events.map((event) => JSON.stringify(event)) },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('{', '', '\u0000', 'null', '{"type":"send_message"}', '{"type":"__proto__"}') },
  );
}
