import fc from "fast-check";

/**
 * Values an attacker sends (test support for `hostile-input.test.ts`): the classes of forgery
 * issue 27's afternoon of attack found, the spec's bad inputs, and values a JSON Schema allows,
 * as fast-check arbitraries. Kept apart from the test so that the suite reads as what it sends
 * and what it checks.
 */

/** The part of JSON Schema the OpenAPI document and Better Auth's endpoints use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Ids as issue 27 spelled them (`0x10`, `+16`, `16.0` answered image 16) and past PostgreSQL's integers. */
const forgedIds = ["0x10", "+16", "16.0", "016", "16e0", " 16", "0", "-1", "2147483647", "2147483648", "9999999999", "99999999999999999999", "9007199254740993", "1e400", "NaN"];

/** What a list cursor carries (`rank.created_at.id`), forged: impossible days, years past PostgreSQL's, ids past its integer. */
const forgedCursors = [
  "0.2026-02-31T00:00:00.000000.5",
  "0.0000-01-01T00:00:00.000000.5",
  "0.275760-09-13T00:00:00.000000.5",
  "0.2026-13-01T00:00:00.000000.5",
  "0.2026-01-01T24:00:00.000000.5",
  "0.2026-01-01T00:00:00.000000.9999999999",
  "0.2026-01-01T00:00:00.000000.2147483648",
  "9.2026-01-01T00:00:00.000000.1",
  "0.2026-01-31T00:00:00.000000.5",
  "0.9999-12-31T23:59:59.999999.2147483647",
  '{"t":"2026-01-01","id":"1"}',
  "[1,2]",
].map((text) => Buffer.from(text).toString("base64url"));

/** Redirect targets that lead off-site once a browser resolves them (22 spellings were found one way or another). */
const offSiteTargets = [
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
  "https://evil.example/",
  "http:evil.example",
  "https:/\\evil.example",
  "http://stockroom.test@evil.example/",
  "http://stockroom.test.evil.example/",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** Text of the classes the attack found: NUL, unpaired surrogates, names of spaces, URLs that run code, and the spec's bad inputs. */
const forgedText = [
  "",
  " ",
  "a",
  "12345",
  "not an email",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "lone \udc00 half",
  " ".repeat(6000),
  "x".repeat(101),
  "x".repeat(5000),
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://example.test/a.png",
  "<script>alert(1)</script>",
  "' or 1=1--",
  "$(id)",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "null",
  "true",
  "[]",
  "{}",
  "%",
  "%00",
  "%E0",
  "%zz",
  "\\",
  "é",
  "zoë martin",
  "\u00ff\u00fe",
  "\u202e",
];

/** Text the attacker sends where text goes: the classes above, ids, cursors, redirects, and random text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...forgedText) },
  { weight: 2, arbitrary: fc.constantFrom(...forgedIds) },
  { weight: 2, arbitrary: fc.constantFrom(...forgedCursors) },
  { weight: 2, arbitrary: fc.constantFrom(...offSiteTargets) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 2 ** 32 }).map(String) },
);

/** A JSON value where the schema wants another: the text classes, wrong types, huge numbers, prototype keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2147483648, 9999999999, 1e308, -0) },
  { weight: 2, arbitrary: fc.constantFrom([], ["x"], {}, { url: "https://example.test/a.png" }, [["a"]], JSON.parse('{"__proto__":{"polluted":true}}') as unknown) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** `text` as it goes in a path segment or a query value: percent-encoded, a lone surrogate as the UTF-8 no decoder accepts. */
export function percentEncoded(text: string): string {
  return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? "%ED%A0%80" : encodeURIComponent(char))).join("");
}

/** `text` as a careless client sends it: printable bytes raw (latin-1 included, `/` and `?` too), the rest percent-encoded. */
export function raw(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x21 && code <= 0xff && char !== "#") out += char;
    else out += /[\ud800-\udfff]/.test(char) ? "%ED%A0%80" : encodeURIComponent(char);
  }
  return out;
}

/** Each schema of `allOf` merged into one object schema (Better Auth's sign-up body is an intersection). */
function merged(schemas: JsonSchema[]): JsonSchema {
  return {
    type: "object",
    properties: Object.assign({}, ...schemas.map((s) => s.properties ?? {})) as Record<string, JsonSchema>,
    required: schemas.flatMap((s) => s.required ?? []),
  };
}

/** Values `schema` accepts (lengths kept short: long ones are the forgeries' work). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(validValue));
  if (schema.allOf?.length) return validValue(merged(schema.allOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity)).map((s) => s.slice(0, 200));
      if (schema.format === "email") return fc.emailAddress();
      if (schema.format === "uri") return fc.webUrl();
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
    }
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
    case "object":
      return objectOf(schema, validValue);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value for a field of `schema`: mostly what it accepts, often a forgery. */
export const fieldValue = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: validValue(schema) }, { weight: 2, arbitrary: hostileJson });

/**
 * An object of `schema`'s fields, each `value(field)` or left out (required ones mostly
 * present), sometimes with fields it does not name.
 */
export function objectOf(schema: JsonSchema, value: (field: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries((schema.allOf ? merged(schema.allOf) : schema).properties ?? {});
  const required = new Set(schema.required ?? []);
  const named = fc.tuple(
    ...fields.map(([name, field]) =>
      fc.option(value(field).map((v) => [name, v] as const), { freq: required.has(name) ? 8 : 2, nil: undefined }),
    ),
  );
  const extra = fc.option(fc.dictionary(fc.constantFrom("__proto__", "constructor", "role", "id", "emailVerified", "extra"), hostileJson, { maxKeys: 2 }), { freq: 4, nil: undefined });
  return fc.tuple(named, extra).map(([pairs, more]) => {
    const object = Object.fromEntries(pairs.filter((pair) => pair !== undefined));
    // Own properties, a `__proto__` one included, as JSON.parse makes them on the server.
    for (const [key, v] of Object.entries(more ?? {})) Object.defineProperty(object, key, { value: v, enumerable: true, writable: true, configurable: true });
    return object;
  });
}
