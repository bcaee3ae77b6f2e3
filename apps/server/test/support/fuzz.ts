import fc from 'fast-check';

/**
 * Arbitraries of hostile input for the contract fuzzer (test/fuzz.test.ts), driven by the JSON Schema of each
 * endpoint's params, query and body (zod's toJSONSchema): values of the right shape mixed with wrong types, huge and
 * tiny numbers, empty and 5,000-character strings, control, right-to-left and zero-width characters, SQL and path
 * tricks, deep nesting, prototype keys and extra fields.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f\u0085\u009b',
  'line\nbreak\ttab\r',
  '\u202Eevil\u202C',
  '\u2066isolate\u2069',
  'zero\u200Bwidth\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'العربية עברית',
  '👩‍🎤🎸',
  "' OR '1'='1",
  '"; DROP TABLE accounts; --',
  '\\',
  '%00',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'NaN',
  '1e309',
  '-1',
  'null',
  '__proto__',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
  '\u0000'.repeat(300),
  'é'.repeat(2600),
];

/** Characters that broke or could break storage, logs or display: NUL (PostgreSQL refuses it), other C0 and C1
 *  controls, DEL, bidi overrides and isolates, zero-width and BOM, line separators, lone surrogates. */
export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u200b',
  '\u2028',
  '\u202e',
  '\u2067',
  '\ufeff',
  '\ud800',
];

export const badString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 12 }))
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e308, -1e308, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, Number.MIN_VALUE, 1e-9),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested objects or arrays, `depth` levels. */
const nested = (depth: number, array: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value };
  return value;
};

/** Own properties named like Object.prototype's (Object.fromEntries keeps __proto__ as an own key). */
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
const prototypeObject: fc.Arbitrary<unknown> = fc
  .constantFrom(...PROTO_KEYS)
  .map((k) => Object.fromEntries([[k, { polluted: true, prototype: { polluted: true } }]]));

export const anyBad: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  badNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(badString, { maxLength: 5 }),
  fc.array(fc.integer(), { minLength: 1000, maxLength: 3000 }),
  prototypeObject,
  fc.tuple(fc.integer({ min: 50, max: 2000 }), fc.boolean()).map(([d, a]) => nested(d, a)),
  fc.object({ maxDepth: 2, maxKeys: 4 }),
);

/** Extra fields: keys an attacker would try, with hostile values. */
const extraFields: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS, 'id', 'accountId', 'privileges', 'isAdmin'), fc.string()), anyBad),
  { maxLength: 3 },
);

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A value that fits the schema's shape (each part may still be hostile). */
function plausible(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, depth)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') {
        return fc
          .integer({ min: -2 * 86_400_000, max: 400 * 86_400_000 })
          .map((ms) => new Date(Date.now() + ms).toISOString());
      }
      return fc.string({ maxLength: 60 });
    case 'integer':
      return fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 100_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), {
        maxLength: Math.min((schema.maxItems ?? 10) + 2, 60),
      });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyBad;
  }
}

/** Mostly the right shape, sometimes a wrong type of the same family, sometimes anything. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return anyBad;
  const wrongOfKind = typeOf(schema) === 'string' ? badString : typeOf(schema) === 'number' ? badNumber : anyBad;
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, depth) },
    { weight: 3, arbitrary: wrongOfKind },
    { weight: 1, arbitrary: anyBad },
  );
}

/** Each declared property present or not, plus extra fields. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const record = fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueFor(s, depth + 1)])), {
    requiredKeys: [],
  });
  return fc
    .tuple(record, fc.option(extraFields, { freq: 3 }))
    .map(([r, extra]) => Object.fromEntries([...Object.entries(r), ...(extra ?? [])]));
}

/** A query string value: what a URL can carry (strings, repeated keys). */
export function queryValue(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.slice(0, 5).map((x) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? '')));
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the raw bytes a client could send. */
export function encodePart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.-]/g, (c) => encodeURIComponent(c));
  }
}

/** An HTTP header can carry only Latin-1: JSON escapes everything else, keeping the value the same JSON. */
export function asciiJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[^\u0020-\u007e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A value of the schema's shape whose free-text strings are `text` (all of them, or only the `only`-th one, the
 *  others a harmless word); enums, uuids and dates stay valid. Sent as fixed examples before the random runs, so
 *  that every string field of every endpoint meets NUL on its own at least once. */
export function probe(schema: JsonSchema, text: string, only?: number): { value: unknown; strings: number } {
  let n = 0;
  const walk = (node: JsonSchema): unknown => {
    const alternatives = node.anyOf ?? node.oneOf;
    const first = alternatives?.find((s) => typeOf(s) !== 'null');
    if (first) return walk(first);
    if (node.enum?.length) return node.enum[0];
    if (node.const !== undefined) return node.const;
    switch (typeOf(node)) {
      case 'string': {
        if (node.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        if (node.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
        const mine = only === undefined || only === n;
        n += 1;
        if (node.format === 'email') return mine ? `a${text}b@example.com` : 'probe@example.com';
        return mine ? `ab${text}cd1234567890abcdef` : 'probe1234567890';
      }
      case 'integer':
      case 'number':
        return node.minimum ?? 1;
      case 'boolean':
        return true;
      case 'array':
        return [walk(node.items ?? {})];
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, s] of Object.entries(node.properties ?? {})) {
          const before = n;
          const value = walk(s);
          // Optional fields stay out unless they carry the probed string: each has rules of its own.
          const probed = only !== undefined && only >= before && only < n;
          if (only === undefined || node.required?.includes(k) || probed) out[k] = value;
        }
        return out;
      }
      default:
        return text;
    }
  };
  const value = walk(schema);
  return { value, strings: n };
}

/** One probe per free-text string of the schema, `text` in that string alone. */
export function probeEach(schema: JsonSchema, text: string): unknown[] {
  const { strings } = probe(schema, text);
  return Array.from({ length: strings }, (_, i) => probe(schema, text, i).value);
}
