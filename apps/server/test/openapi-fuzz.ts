import fc from 'fast-check';

/**
 * Bad-input generators for the API fuzz test (api-fuzz.test.ts), driven by the OpenAPI document
 * the server serves. fast-check does the random drawing (seeded, so a run can be replayed); this
 * file only says what a plausible value of a schema is and how to spoil one.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path template, e.g. `/api/v1/members/{id}/notes/{noteId}`. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** One request to send: everything but who sends it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was spoiled, for the failure report. */
  what: string;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/**
 * What the fuzzer knows of the data behind the API: real ids for an operation's path parameters,
 * and values seen in the answers of GET routes, by field name (an organisation number that passes
 * its check digit, a real article number…), so spoiled requests get past the checks a schema
 * cannot express and reach the services.
 */
export interface Known {
  ids: Record<string, string>;
  observed: ReadonlyMap<string, readonly unknown[]>;
}

export const NOTHING_KNOWN: Known = { ids: {}, observed: new Map() };

/** Records the string, number and boolean values of a JSON answer under their field names, a few each. */
export function observe(value: unknown, into: Map<string, unknown[]>, key?: string): void {
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 10)) observe(item, into, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) observe(v, into, k);
  } else if (key !== undefined && value !== null && value !== undefined) {
    const seen = into.get(key) ?? [];
    if (seen.length < 6 && !seen.includes(value)) seen.push(value);
    into.set(key, seen);
  }
}

/** A generated value, or now and then a value of the same name seen in the data, when one fits. */
function orObserved<T>(generated: fc.Arbitrary<T>, known: Known, name: string | undefined, fits: (v: unknown) => v is T) {
  const seen = name === undefined ? [] : (known.observed.get(name) ?? []).filter(fits);
  return seen.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...seen) }, { weight: 1, arbitrary: generated })
    : generated;
}

/**
 * Strings that have broken servers: NUL and lone surrogates (PostgreSQL cannot store them),
 * injection and traversal classics, direction overrides, and a few that look like other types.
 */
const NASTY_STRINGS = [
  'x\u0000',
  '\u0000',
  'x\ud800',
  '\udfff',
  '\ud83d',
  'a\u0000b\ud800c',
  "'; drop table users; --",
  "' or '1'='1",
  '../../../../etc/passwd',
  '..',
  '%00',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup string sent as plain text on purpose.
  '${jndi:ldap://127.0.0.1:9/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\u202eevil',
  '\ufeff',
  '\r\nX-Injected: 1',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '9999-99-99',
  '0000-00-00',
  '2024-02-30',
  '1970-01-01T00:00:00Z',
  '-infinity',
  'Åsa Öberg 🏌️‍♀️',
  '\u0301\u0301\u0301',
];

/** A NUL or a lone surrogate anywhere in a request: the class of failure a rule at the edge refuses. */
export const UNSTORABLE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL is one of the inputs this looks for.
  /\u0000|%00|\\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|%ED%[AB][0-9A-F]|\\u[dD][89a-fA-F]/;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

/** Random text of any code point, with NULs, control characters and lone surrogates mixed in. */
const anyText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      controlChar,
      loneSurrogate,
    ),
    maxLength,
  });

const huge = (length: number) => fc.constantFrom('x', 'å', '\u0000', '🏌').map((unit) => unit.repeat(length));

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

const isUrlField = (name: string | undefined) => name !== undefined && /url|uri|host|origin|webhook/i.test(name);

/**
 * Addresses the server may be asked to call: never a host outside this machine, and on a port
 * where nothing listens, so a field that names an outbound URL cannot make the test reach out.
 */
const LOCAL_URLS = ['http://127.0.0.1:9/', 'http://[::1]:9/x', 'not a url', 'file:///etc/passwd', 'http://127.0.0.1:9/%00'];

/** A value the schema accepts (or nearly: patterns and dates can still be nonsense the route must refuse). */
export function validValue(schema: JsonSchema, known: Known = NOTHING_KNOWN, name?: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, known, name)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, known, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const plain = validOfType(schema, known, name);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: plain }, fc.constant(null)) : plain;
}

function validOfType(schema: JsonSchema, known: Known, name?: string): fc.Arbitrary<unknown> {
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'string': {
      const fits = (v: unknown): v is string =>
        typeof v === 'string' && v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity);
      return known.ids[name ?? ''] || isUrlField(name)
        ? validString(schema, known, name)
        : orObserved(validString(schema, known, name), known, name, fits);
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = Math.max(min, schema.maximum ?? 1_000_000);
      const fits = (v: unknown): v is number =>
        typeof v === 'number' && v >= min && v <= max && (type === 'number' || Number.isInteger(v));
      const generated =
        type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return orObserved<number>(generated, known, name, fits);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? minLength + 3, minLength + 3));
      return fc.array(validValue(schema.items ?? {}, known), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, known);
    default:
      return fc.constant(null);
  }
}

function validString(schema: JsonSchema, known: Known, name?: string): fc.Arbitrary<string> {
  const id = name === undefined ? undefined : known.ids[name];
  if (id) return fc.constant(id);
  if (isUrlField(name)) return fc.constantFrom(...LOCAL_URLS);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.oneof(fc.constant('fuzz@example.se'), fc.emailAddress());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  if (schema.pattern) {
    const matching = matchingPattern(schema.pattern);
    if (matching) return matching.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: anyText(maxLength).filter((s) => s.length >= minLength) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length >= minLength && s.length <= maxLength),
    },
  );
}

/** Strings of a pattern, where fast-check can read it (it cannot read lookarounds, for one). */
function matchingPattern(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    return undefined;
  }
}

function validObject(schema: JsonSchema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, known, key);
  const required = (schema.required ?? []).filter((key) => key in properties);
  // Every optional field is one more chance to be refused before the service: mostly few of them.
  const minimal = fc.record(Object.fromEntries(required.map((key) => [key, model[key] as fc.Arbitrary<unknown>])));
  return fc.oneof({ weight: 2, arbitrary: minimal }, { weight: 1, arbitrary: fc.record(model, { requiredKeys: required }) });
}

/** A value the schema refuses: another type, out of its bounds, or a string no one should store. */
export function badValue(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = [wrongType(types, schema.nullable === true)];
  if (types.includes('string') || types.length === 0) arbitraries.push(badString(schema, name));
  if (types.includes('integer') || types.includes('number')) arbitraries.push(badNumber(schema, types.includes('integer')));
  if (types.includes('array')) {
    const tooMany = (schema.maxItems ?? 1000) + 1;
    arbitraries.push(
      fc.constant(Array.from({ length: tooMany }, () => null)),
      fc.array(badValue(schema.items ?? {}), { minLength: 1, maxLength: 3 }),
    );
  }
  if (types.includes('object')) arbitraries.push(fc.constant([]), fc.constant([{}]), fc.constant({ '': null, __proto__x: 1 }));
  if (schema.enum?.length) {
    arbitraries.push(
      fc.constantFrom(...schema.enum.map((v) => (typeof v === 'string' ? `${v.toUpperCase()}\u0000` : `${String(v)}x`))),
    );
  }
  return fc.oneof(...arbitraries);
}

function wrongType(types: string[], nullable: boolean): fc.Arbitrary<unknown> {
  const all: Record<string, unknown[]> = {
    string: ['12', 'abc', ''],
    number: [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2],
    integer: [0, -1, 2 ** 31, -(2 ** 31) - 1],
    boolean: [true, false],
    object: [{}, { a: { b: { c: [] } } }],
    array: [[], [[]], [null]],
    null: [null],
  };
  const wrong = Object.entries(all)
    .filter(([type]) => !types.includes(type) && !(type === 'null' && nullable))
    .filter(([type]) => !(type === 'integer' && types.includes('number')) && !(type === 'number' && types.includes('integer')))
    .flatMap(([, values]) => values);
  return fc.constantFrom(...(wrong.length ? wrong : [null, [], {}]));
}

function badString(schema: JsonSchema, name?: string): fc.Arbitrary<string> {
  const max = schema.maxLength;
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...NASTY_STRINGS), anyText(30), huge(200_000)];
  if (max !== undefined) options.push(huge(max + 1));
  if (schema.minLength) options.push(fc.constant('x'.repeat(schema.minLength - 1)));
  if (schema.format === 'uuid') {
    options.push(fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));
  }
  if (schema.format === 'email')
    options.push(fc.constantFrom('a@', '@b.se', 'a@b@c.se', `${'a'.repeat(300)}@x.se`, 'a\u0000@b.se'));
  if (isUrlField(name)) options.push(fc.constantFrom(...LOCAL_URLS));
  return fc.oneof(...options);
}

function badNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const values: unknown[] = [
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 63,
  ];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.5);
  if (integer) values.push(0.5, 1.0000001);
  return fc.oneof(fc.constantFrom(...values), fc.constantFrom(...RAW_NUMBERS));
}

/**
 * Numbers JSON can spell but JavaScript cannot hold exactly (1e999 parses to Infinity). They are
 * put into the serialised body as written: see `serialise`.
 */
const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '0.0000000000000000000000000001', '-0.0'];
const RAW_MARK = '\u0001raw:';

/** JSON with the raw numbers of badNumber written out as numbers, not strings. */
export function serialise(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && RAW_NUMBERS.includes(v) ? `${RAW_MARK}${v}` : v,
  );
  return marked.replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

type Spoiler = (schema: JsonSchema, name: string | undefined) => fc.Arbitrary<unknown> | undefined;

/**
 * A plausible value spoiled at one place by `spoil` (which answers nothing for a schema it
 * leaves alone): the whole of it, or one field or item at any depth. Answers nothing when `spoil`
 * finds no place at all.
 */
function spoiledAt(
  schema: JsonSchema,
  known: Known,
  spoil: Spoiler,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> | undefined {
  const here = spoil(schema, name);
  const types = typesOf(schema);
  const deeper: fc.Arbitrary<unknown>[] = [];
  if (depth < 5 && types.includes('object') && schema.properties) {
    const base = validObject(schema, known);
    for (const [key, property] of Object.entries(schema.properties)) {
      const field = spoiledAt(property, known, spoil, key, depth + 1);
      if (field) deeper.push(fc.tuple(base, field).map(([value, bad]) => ({ ...value, [key]: bad })));
    }
  }
  if (depth < 5 && types.includes('array') && schema.items) {
    const item = spoiledAt(schema.items, known, spoil, name, depth + 1);
    const base = validValue(schema, known, name) as fc.Arbitrary<unknown[]>;
    if (item) deeper.push(fc.tuple(base, item).map(([value, bad]) => [...value, bad]));
  }
  const all = [...(here ? [here] : []), ...deeper];
  return all.length ? fc.oneof(...all) : undefined;
}

/** A body spoiled at one place: a value of the wrong type or out of bounds, a missing required field or an unknown one. */
export function spoiledValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  const structural: Spoiler = (s) => {
    const properties = s.properties;
    if (!typesOf(s).includes('object') || !properties) return undefined;
    const base = validObject(s, known);
    const required = (s.required ?? []).filter((key) => key in properties);
    const missing = required.length
      ? [
          fc
            .tuple(base, fc.constantFrom(...required))
            .map(([value, key]) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))),
        ]
      : [];
    const unknownField = fc
      .tuple(base, fc.constantFrom('unknownField', '__proto__', 'constructor', 'organisationId', 'id', ''), fc.jsonValue())
      .map(
        ([value, key, extra]) =>
          JSON.parse(
            `${JSON.stringify(value).slice(0, -1)}${Object.keys(value).length ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(extra ?? null)}}`,
          ) as unknown,
      );
    return fc.oneof(...missing, unknownField);
  };
  const spoil: Spoiler = (s, name) => {
    const extra = structural(s, name);
    return extra ? fc.oneof({ weight: 2, arbitrary: badValue(s, name) }, extra) : badValue(s, name);
  };
  return spoiledAt(schema, known, spoil) ?? badValue(schema);
}

/**
 * A plausible body with one text field carrying a NUL or a lone surrogate, which JSON and
 * JavaScript carry but PostgreSQL cannot store. Answers nothing for a body without text fields.
 */
export function unstorableText(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> | undefined {
  const spoil: Spoiler = (s, name) => {
    if (!typesOf(s).includes('string') || s.enum || s.const !== undefined || s.format === 'uuid') return undefined;
    const bad = fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0000\ud83d');
    return fc.tuple(validValue({ ...s, nullable: false }, known, name), bad, fc.boolean()).map(([value, text, front]) => {
      const plain = String(value).slice(0, Math.max(0, (s.maxLength ?? 100) - text.length));
      return front ? `${text}${plain}` : `${plain}${text}`;
    });
  };
  return spoiledAt(schema, known, spoil);
}

/** Bodies that are not what the route reads: bad JSON, other content types, nothing, or far too much. */
const RAW_BODIES: { what: string; contentType?: string; payload: string }[] = [
  { what: 'bad JSON', contentType: 'application/json', payload: '{"a":' },
  { what: 'bad JSON', contentType: 'application/json', payload: "{'a':1}" },
  { what: 'bad JSON', contentType: 'application/json', payload: '[1,]' },
  { what: 'JSON with a NUL outside strings', contentType: 'application/json', payload: '{"a":1}\u0000' },
  { what: 'prototype pollution', contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { what: 'prototype pollution', contentType: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
  { what: 'empty JSON body', contentType: 'application/json', payload: '' },
  { what: 'JSON null', contentType: 'application/json', payload: 'null' },
  { what: 'JSON number', contentType: 'application/json', payload: '1' },
  { what: 'JSON string', contentType: 'application/json', payload: '"x"' },
  { what: 'JSON array', contentType: 'application/json', payload: '[]' },
  { what: 'JSON array of objects', contentType: 'application/json', payload: '[{}]' },
  { what: 'deeply nested JSON', contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { what: 'deeply nested JSON', contentType: 'application/json', payload: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { what: 'JSON over the body limit', contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { what: 'charset the parser does not read', contentType: 'application/json; charset=utf-16', payload: '{}' },
  { what: 'wrong content type', contentType: 'text/plain', payload: '{}' },
  { what: 'wrong content type', contentType: 'application/xml', payload: '<a/>' },
  { what: 'wrong content type', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { what: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'x' },
  {
    what: 'multipart, broken',
    contentType: 'multipart/form-data; boundary=X',
    payload: '--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
  },
  { what: 'garbage content type', contentType: 'a/b/c;;;=', payload: '{}' },
  { what: 'no content type', payload: '{}' },
];

/** Values for a path parameter that no route should take, each written as it goes into the URL. */
const ODD_PATH_SEGMENTS = [
  'not-a-uuid',
  '1',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  'a%2Fb',
  '%5C',
  '%00',
  'x%00',
  '%ED%A0%80',
  '%C3%28',
  '%ZZ',
  '%',
  '%25',
  '%20',
  '%C3%A5',
  '%F0%9F%8F%8C',
  '%27%3B%20drop%20table%20users',
  'x'.repeat(101),
  'x'.repeat(5000),
  `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(13)}`,
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as the (invalid) UTF-8 bytes it would be. */
export function encodeComponent(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i] as string);
    }
  }
  return out;
}

function queryString(params: Record<string, unknown>, rawTail = ''): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      parts.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
    }
  }
  if (rawTail) parts.push(rawTail);
  return parts.length ? `?${parts.join('&')}` : '';
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'missing');
}

/**
 * Every kind of bad request for one operation, as one fast-check arbitrary: a spoiled body, a
 * spoiled query, an odd path parameter, a raw body of the wrong kind, or a plausible request
 * (which still reaches the service with odd but well-typed text).
 */
export function requestArbitrary(op: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        (validValue(p.schema, known, p.name) as fc.Arbitrary<unknown>).map((v) => encodeComponent(String(v))),
      ]),
    ),
  );
  const validQuery = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validValue(p.schema, known, p.name)])), {
    requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
  });
  const validBody: fc.Arbitrary<unknown> = op.body ? validValue(op.body, known) : fc.constant(undefined);
  const hasBody = op.method !== 'GET';

  const request = (
    what: string,
    path: Record<string, string>,
    query: Record<string, unknown>,
    body: unknown,
    raw?: { contentType?: string; payload: string },
    rawQuery = '',
  ): FuzzRequest => {
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (raw) {
      payload = raw.payload;
      if (raw.contentType) headers['content-type'] = raw.contentType;
    } else if (hasBody && body !== undefined) {
      payload = serialise(body);
      headers['content-type'] = 'application/json';
    }
    return { method: op.method, url: `${fillPath(op.path, path)}${queryString(query, rawQuery)}`, headers, payload, what };
  };

  const kinds: fc.WeightedArbitrary<FuzzRequest>[] = [
    {
      weight: 1,
      arbitrary: fc.tuple(pathValues, validQuery, validBody).map(([p, q, b]) => request('plausible request', p, q, b)),
    },
  ];
  if (op.body && hasBody) {
    kinds.push({
      weight: 6,
      arbitrary: fc
        .tuple(pathValues, validQuery, spoiledValue(op.body, known))
        .map(([p, q, b]) => request('spoiled body', p, q, b)),
    });
  }
  const unstorable = op.body && hasBody ? unstorableText(op.body, known) : undefined;
  if (unstorable) {
    kinds.push({
      weight: 2,
      arbitrary: fc
        .tuple(pathValues, validQuery, unstorable)
        .map(([p, q, b]) => request('NUL or lone surrogate in a field', p, q, b)),
    });
  }
  if (hasBody) {
    kinds.push({
      weight: 2,
      arbitrary: fc
        .tuple(pathValues, validQuery, fc.constantFrom(...RAW_BODIES))
        .map(([p, q, raw]) => request(raw.what, p, q, undefined, raw)),
    });
  }
  if (queryParams.length) {
    const spoiledQuery = fc.oneof(
      ...queryParams.map((param) =>
        fc
          .tuple(
            validQuery,
            fc.oneof(
              badValue(param.schema, param.name),
              fc.array(validValue(param.schema, known), { minLength: 2, maxLength: 3 }),
            ),
          )
          .map(([query, bad]) => ({ what: `query ${param.name}`, query: { ...query, [param.name]: bad }, raw: '' })),
      ),
      validQuery.map((query) => ({ what: 'unknown query parameter', query: { ...query, unknownParam: '1' }, raw: '' })),
      fc
        .tuple(validQuery, fc.constantFrom('a=%ZZ', '%00=1', 'page=%00', '=', '&&&', 'a[b][c]=1', '__proto__[x]=1'))
        .map(([query, raw]) => ({ what: 'malformed query', query, raw })),
    );
    kinds.push({
      weight: 4,
      arbitrary: fc
        .tuple(pathValues, spoiledQuery, validBody)
        .map(([p, q, b]) => request(q.what, p, q.query, b, undefined, q.raw)),
    });
  }
  if (pathParams.length) {
    kinds.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          pathValues,
          fc.constantFrom(...pathParams.map((p) => p.name)),
          fc.constantFrom(...ODD_PATH_SEGMENTS),
          validQuery,
          validBody,
        )
        .map(([p, name, odd, q, b]) => request(`path ${name}`, { ...p, [name]: odd }, q, b)),
    });
  }
  return fc.oneof(...kinds);
}
