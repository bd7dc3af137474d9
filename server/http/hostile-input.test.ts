import fc from "fast-check";
import http from "node:http";
import querystring from "node:querystring";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { unstorableField } from "#contracts/text";
import { COMMAND_LINE } from "../access/actor.ts";
import { testDatabase } from "../../test/database.ts";
import { cookiesFrom } from "../auth/test-accounts.ts";
import { addImage } from "../../test/people-and-images.ts";
import { pngClaiming } from "../media/test-images.ts";
import { fieldValue, hostileJson, hostileText, type JsonSchema, objectOf, percentEncoded, raw, validValue } from "./forged-values.ts";
import { appBuild, startTestApp, TEST_BASE_URL } from "./test-app.ts";

/**
 * The attacker's suite (issue 27): every operation of the OpenAPI document (its path
 * parameters, query parameters, body or file), every Better Auth endpoint (its own schemas)
 * and every page of the route table is sent forged values (forged-values.ts: the classes the
 * attack found and the spec's bad inputs), anonymous, signed in as a member, a creator and an
 * admin, with a session cookie spelt oddly, and with forged cookies; with hostile headers,
 * methods and bodies besides. It fails on any 5xx, any status the operation does not document
 * (beside those any route may give: `anyRouteMay`), an /api refusal not in the JSON error
 * shape, any redirect whose Location leads off-site, and any answer to a signed-in request
 * that a shared cache could keep while it depends on the viewer; afterwards the site still
 * works and no page kept for visitors shows an account. The requests are a function of the
 * seed, which is printed (FUZZ_SEED=n replays a run; FUZZ_CASES=n changes its length); they are
 * sent a few at a time.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CASES = Number(process.env.FUZZ_CASES ?? 4000);
/** Requests in flight at once, each on its own keep-alive connection. */
const CONCURRENCY = 6;

const database = await testDatabase();
const { services, call, origin } = await startTestApp(
  database,
  { AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "10000" },
  { pages: true },
);
const { build } = await appBuild();

// ---------------------------------------------------------------------------------------
// The site as the attacker finds it: images, people of each role, their collections and receipts

const imageIds: number[] = [];
for (const title of ["Quiet Harbor", "Misty Forest", "Neon Street"]) imageIds.push(await addImage(database.db, services.media, title));
const hiddenId = await addImage(database.db, services.media, "Withdrawn Picture");
await services.reports.hide(COMMAND_LINE, hiddenId, undefined);

interface Person {
  email: string;
  cookies: string;
}

async function signUp(name: string, role?: "creator" | "admin"): Promise<Person> {
  const email = `${name.toLowerCase()}@example.test`;
  const res = await call("POST", "/api/auth/sign-up/email", { json: { name, email, password: "a long enough passphrase" } });
  expect(res.status).toBe(200);
  if (role) await services.accountAdmin.setRoleByEmail(email, role);
  return { email, cookies: cookiesFrom(res.headers) };
}
const member = await signUp("Fuzzy");
const creator = await signUp("Crafty", "creator");
const admin = await signUp("Bossy", "admin");
/** Signed in to the endpoints that end sessions (sign-out, revoke, change-password, …), so the others' sessions last the run. */
const leaving = await signUp("Leaving");
const people = [member, creator, admin, leaving];

const json = async <T,>(res: Response) => (await res.json()) as T;
const collectionIds: number[] = [];
for (const isPublic of [true, false]) {
  collectionIds.push((await json<{ id: number }>(await call("POST", "/api/collections", { cookies: member.cookies, json: { name: `Kept ${isPublic}`, isPublic } }))).id);
}
await (await call("GET", `/api/images/${imageIds[0]}/download?size=small`, { cookies: member.cookies })).arrayBuffer();
const receiptIds = (await json<{ items: Array<{ id: number }> }>(await call("GET", "/api/me/receipts", { cookies: member.cookies }))).items.map((r) => r.id);
const firstPage = await json<{ nextCursor: string; items: Array<{ path: string; creator: { name: string } }> }>(await call("GET", "/api/images?limit=1"));
const creatorNames = [...new Set(firstPage.items.map((image) => image.creator.name))];

/** Values of this site an attacker can see, by the name of the parameter they fill. */
const known: Record<string, string[]> = {
  id: [...imageIds, hiddenId, ...collectionIds, ...receiptIds].map(String),
  imageId: [...imageIds, hiddenId].map(String),
  image: imageIds.map(String),
  name: creatorNames,
  cursor: [firstPage.nextCursor],
  segment: [...firstPage.items.map((image) => image.path.split("/").pop()!), `${collectionIds[0]}-kept-true`, `${collectionIds[1]}-kept-false`, `${hiddenId}-withdrawn-picture`],
};

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#3a6" } }).png().toBuffer();
const files = [await png(8, 8), await png(1, 20000), pngClaiming(70000, 1000), pngClaiming(20000, 20000), Buffer.from("GIF89a not really"), Buffer.alloc(0)];

// ---------------------------------------------------------------------------------------
// Who sends: the viewers

interface Viewer {
  name: string;
  /** The Cookie header for a target, or undefined (anonymous). */
  cookie: (endsSessions: boolean) => fc.Arbitrary<string | undefined>;
  /** Whether its requests are signed in, so that the answers are the viewer's own. */
  signedIn: boolean;
}

const SESSION_COOKIE = "stockroom.session_token";
const tokenOf = (person: Person) => /stockroom\.session_token=([^;]*)/.exec(person.cookies)![1]!;
/** A session cookie as browsers never send it but Better Auth may still read it (issue 27's kept-pages class). */
const spellings = (token: string) => [
  `${SESSION_COOKIE} =${token}`,
  `${SESSION_COOKIE}= ${token}`,
  `; ${SESSION_COOKIE}=${token}`,
  `;;${SESSION_COOKIE}=${token};;`,
  `${SESSION_COOKIE}=junk; ${SESSION_COOKIE}=${token}`,
  `${SESSION_COOKIE}=${token}; ${SESSION_COOKIE}=junk`,
  `${SESSION_COOKIE.toUpperCase()}=${token}`,
  `__Secure-${SESSION_COOKIE}=${token}`,
  `${SESSION_COOKIE}="${token}"`,
  `${SESSION_COOKIE}=${encodeURIComponent(decodeURIComponent(token))}`,
  `theme=dark;${SESSION_COOKIE}=${token}`,
];
/** Characters allowed in a header value by Node's HTTP client. */
const headerSafe = (text: string) => [...text].map((c) => (/^[\t\x20-\x7e\x80-\xff]$/.test(c) ? c : "?")).join("");

const as = (person: Person) => (endsSessions: boolean) => fc.constant((endsSessions ? leaving : person).cookies);
const viewers: Viewer[] = [
  { name: "anonymous", cookie: () => fc.constant(undefined), signedIn: false },
  { name: "member", cookie: as(member), signedIn: true },
  { name: "creator", cookie: as(creator), signedIn: true },
  { name: "admin", cookie: as(admin), signedIn: true },
  { name: "odd spelling", cookie: (endsSessions) => fc.constantFrom(...spellings(tokenOf(endsSessions ? leaving : member))), signedIn: true },
  {
    name: "forged cookie",
    cookie: () =>
      fc.oneof(
        fc.tuple(fc.constantFrom(SESSION_COOKIE, "stockroom.session_data", "stockroom.state", "stockroom.device", "x", ""), hostileText).map(([name, value]) => `${name}=${headerSafe(raw(value))}`),
        fc.constant(member.cookies.replace(/=([^;.]*)\./, "=$1x.")),
        fc.string({ unit: "binary", maxLength: 100 }).map(headerSafe),
      ),
    signedIn: false,
  },
];

// ---------------------------------------------------------------------------------------
// Where it goes: the targets

type Method = string;
interface Target {
  /** `GET /api/images/{id}`, `auth POST /sign-out`, `page /images/:segment`. */
  name: string;
  kind: "operation" | "auth" | "page";
  method: Method;
  /** Express-style, `:name` for a parameter, `*` for any path. */
  pattern: string;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body?: JsonSchema | "form";
  file?: { header?: { name: string; schema: JsonSchema } };
  /** The statuses the document gives it (operations only). */
  statuses?: Set<number>;
  /** Whether its answer depends on who asks: then a signed-in answer must be private. */
  personal: boolean;
  endsSessions: boolean;
}

interface OpenApiOperation {
  parameters: Array<{ name: string; in: "path" | "query" | "header"; schema?: JsonSchema; content?: Record<string, { schema: JsonSchema }> }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
const document = await json<{ paths: Record<string, Record<string, OpenApiOperation>> }>(await call("GET", "/api/openapi.json"));

const byName = (parameters: OpenApiOperation["parameters"], where: string) =>
  Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));

const operations: Target[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]): Target => {
    const header = operation.parameters.find((p) => p.in === "header");
    const content = operation.requestBody?.content ?? {};
    return {
      name: `${method.toUpperCase()} ${path}`,
      kind: "operation",
      method: method.toUpperCase(),
      pattern: path.replace(/\{(\w+)\}/g, ":$1"),
      params: byName(operation.parameters, "path"),
      query: byName(operation.parameters, "query"),
      ...(content["application/json"] ? { body: content["application/json"].schema ?? {} } : {}),
      ...(content["application/octet-stream"] ? { file: header ? { header: { name: header.name, schema: header.content!["application/json"]!.schema } } : {} } : {}),
      statuses: new Set(Object.keys(operation.responses).map(Number)),
      personal: operation.security !== undefined,
      endsSessions: false,
    };
  }),
);

/** A Better Auth schema (Zod 4, as ours) as JSON Schema; any when it has none. */
function schemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}
const endingSessions = ["/sign-out", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions", "/change-password", "/change-email", "/delete-user", "/reset-password"];

const authEndpoints: Target[] = Object.values(services.auth.api).flatMap((endpoint) => {
  const { path, options } = endpoint as { path?: string; options?: { method?: string | string[]; body?: unknown; query?: unknown; metadata?: { SERVER_ONLY?: boolean } } };
  if (!path || options?.metadata?.SERVER_ONLY) return [];
  const methods = [options?.method ?? "GET"].flat();
  const query = schemaOf(options?.query);
  return methods.map((method) => ({
    name: `auth ${method} ${path}`,
    kind: "auth" as const,
    method,
    pattern: `/api/auth${path}`,
    params: Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, {}])),
    query: { ...query.properties, ...(query.properties ? {} : { callbackURL: {}, token: {} }) },
    ...(method === "GET" ? {} : { body: schemaOf(options?.body) }),
    personal: true,
    endsSessions: endingSessions.includes(path),
  }));
});

/** Page routes as the build lists them, with their parents' paths. */
function pagePatterns(): string[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? "";
    return route.parentId ? [full(route.parentId), own].filter(Boolean).join("/") : own;
  };
  return [...new Set(Object.keys(build.routes).map(full))];
}
const pageQuery: Record<string, JsonSchema> = Object.fromEntries(
  ["q", "tag", "redirectTo", "error", "reset", "token", "cursor", "before", "after", "status", "role", "image", "size", "_routes", "index"].map((name) => [name, {}]),
);
const pages: Target[] = pagePatterns().flatMap((pattern) =>
  ["GET", "POST"].map((method) => ({
    name: `page ${method} /${pattern}`,
    kind: "page" as const,
    method,
    pattern: `/${pattern}`,
    params: {},
    query: pageQuery,
    ...(method === "POST" ? { body: "form" as const } : {}),
    personal: true,
    endsSessions: false,
  })),
);

const targets = [...operations, ...authEndpoints, ...pages];

// ---------------------------------------------------------------------------------------
// What is sent

interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}
interface SentRequest extends HostileRequest {
  target: Target;
  viewer: Viewer;
  /** Whether its path stayed the target's (each parameter one segment), whatever the method. */
  onPath: boolean;
}

/** A path parameter or query value: a real one, one its schema allows, or a forgery; encoded well or carelessly. */
function wireValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const real = Object.hasOwn(known, name) ? known[name]! : [];
  const text = fc.oneof(
    { weight: 3, arbitrary: validValue(schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))) },
    { weight: real.length ? 3 : 0, arbitrary: fc.constantFrom("", ...real) },
    { weight: 3, arbitrary: hostileText },
  );
  return fc.tuple(text, fc.nat(9)).map(([value, coin]) => (coin < 7 ? percentEncoded(value) : raw(value)));
}

function pathOf(target: Target): fc.Arbitrary<{ path: string; onPath: boolean }> {
  const parts = target.pattern.split("/").filter(Boolean);
  if (parts.length === 0) return fc.constant({ path: "/", onPath: true });
  return fc
    .tuple(
      ...parts.map((part) =>
        part === "*"
          ? fc.array(wireValue("segment", {}), { maxLength: 3 }).map((s) => ({ text: s.join("/"), one: true }))
          : part.startsWith(":")
            ? wireValue(part.slice(1), target.params[part.slice(1)] ?? {}).map((text) => ({ text, one: /^[^/?#]+$/.test(text) && !/^\.\.?$/.test(text) }))
            : fc.oneof({ weight: 9, arbitrary: fc.constant(part) }, { weight: 1, arbitrary: fc.constant(part.toUpperCase()) }).map((text) => ({ text, one: true })),
      ),
    )
    .map((filled) => ({ path: `/${filled.map((f) => f.text).join("/")}`, onPath: filled.every((f) => f.one) }));
}

function queryOf(target: Target): fc.Arbitrary<string> {
  const names = Object.keys(target.query);
  const pairs = fc.array(
    fc.tuple(
      fc.oneof({ weight: names.length ? 5 : 0, arbitrary: fc.constantFrom(...(names.length ? names : ["q"])) }, { weight: 1, arbitrary: hostileText.map(percentEncoded) }),
      fc.constantFrom("", "", "", "", "[]", "[a]", "[0]"),
    ).chain(([name, suffix]) => wireValue(name, (Object.hasOwn(target.query, name) ? target.query[name] : undefined) ?? {}).map((value) => `${name}${suffix}=${value}`)),
    { minLength: 1, maxLength: 5 },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 6, arbitrary: pairs.map((p) => `?${p.join("&")}`) },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&&", "?=", "?==&=", "?%", "?a=%", "?q", "?limit", `?limit=${"9".repeat(400)}`, `?q=${"x".repeat(5000)}`) },
  );
}

type Body = { contentType: string | undefined; body: Buffer };
const jsonBody = (value: unknown): Body => ({ contentType: "application/json", body: Buffer.from(JSON.stringify(value) ?? "null") });
const formFields = ["email", "password", "confirmPassword", "name", "currentPassword", "newPassword", "token", "redirectTo", "intent", "reason", "details", "id", "role", "q", "synonyms", "title", "tags"];

/** Bodies of the wrong kind for anything: broken JSON, forms, multipart, bytes. */
const wrongBodies: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('{"email":', "{", "nul", "\ufeff{}", '{"a":1}{"b":2}', "[".repeat(5000) + "]".repeat(5000), '{"__proto__":{"x":1}}', "'single'", '"\\ud800"', "1e400"),
        fc.constantFrom("application/json", "application/json; charset=utf-16", "application/json; charset=nope", "text/json", "application/vnd.api+json"),
      )
      .map(([text, contentType]) => ({ contentType, body: Buffer.from(text) })),
  },
  { weight: 2, arbitrary: hostileJson.map(jsonBody) },
  { weight: 3, arbitrary: fc.constant(null).chain(() => formBody) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(undefined, "text/plain", "application/octet-stream", ";;;", "image/jpeg", "application/x-www-form-urlencoded; charset=utf-7"))
      .map(([bytes, contentType]) => ({ contentType, body: Buffer.from(bytes) })),
  },
);

/** A page form (urlencoded or multipart) with the fields pages read, each forged or plausible. */
const formBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...formFields) }, { weight: 1, arbitrary: hostileText }), hostileText), { maxLength: 6 }),
    fc.boolean(),
    fc.constantFrom("xyz", "other", ""),
  )
  .map(([fields, multipart, boundary]): Body => {
    if (!multipart) return { contentType: "application/x-www-form-urlencoded", body: Buffer.from(fields.map(([k, v]) => `${percentEncoded(k)}=${percentEncoded(v)}`).join("&")) };
    const parts = fields.map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k.replace(/[\r\n"]/g, "")}"\r\n\r\n${v.replace(/[\ud800-\udfff]/g, "")}\r\n`).join("");
    return { contentType: boundary ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data", body: Buffer.from(`${parts}--xyz--\r\n`) };
  });

function bodyOf(target: Target): fc.Arbitrary<Body | undefined> {
  if (target.file) {
    return fc.tuple(fc.constantFrom(...files), fc.constantFrom("application/octet-stream", "image/png", "application/json", undefined)).map(([body, contentType]) => ({ contentType, body }));
  }
  if (target.body === "form") return fc.oneof({ weight: 4, arbitrary: formBody }, { weight: 1, arbitrary: wrongBodies });
  if (target.body) return fc.oneof({ weight: 4, arbitrary: objectOf(target.body, fieldValue).map(jsonBody) }, { weight: 1, arbitrary: wrongBodies });
  return fc.option(wrongBodies, { freq: 6, nil: undefined });
}

const headerValue = fc.oneof(hostileText.map(headerSafe), fc.string({ maxLength: 60 }).map(headerSafe));
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom("*/*", "text/html", "application/json", "text/x-script", "image/avif,image/webp", ";;", ""),
    "accept-encoding": fc.constantFrom("gzip, deflate, br", "br;q=abc", "*", "identity;q=0", "gzip, gzip", "zstd", ",,,"),
    "accept-language": headerValue,
    "if-none-match": fc.oneof(headerValue, fc.constant('W/"x"'), fc.constant("*")),
    "if-modified-since": fc.oneof(headerValue, fc.constant("Thu, 01 Jan 1970 00:00:00 GMT")),
    range: fc.constantFrom("bytes=0-10", "bytes=5-1", "bytes=-0", "bytes=99999999999999999999-", "bytes=0-1,2-3,4-5", "lines=1-2", "bytes=abc"),
    referer: fc.oneof(headerValue, fc.constant(`${TEST_BASE_URL}/`), fc.constant("https://evil.example/")),
    "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none", "???"),
    "x-forwarded-for": fc.oneof(headerValue, fc.constantFrom("1.2.3.4", "::1", "2001:db8::1, 10.0.0.1", "999.999.999.999", "unknown")),
    "x-forwarded-host": fc.oneof(headerValue, fc.constantFrom("example.com", "a b", "[::1", "host:99999999", "@evil", "x/y", "evil.example")),
    "x-forwarded-proto": fc.oneof(headerValue, fc.constantFrom("https", "http", "ftp", "ht tp", "")),
    host: fc.oneof(headerValue, fc.constantFrom("a b", "[::1", "localhost:abc", "exa mple.com", "@", ":0", "%zz", "evil.example")),
    "user-agent": headerValue,
  },
  { requiredKeys: [] },
);

const otherMethods = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "PROPFIND"];

function requestTo(target: Target, viewer: Viewer): fc.Arbitrary<SentRequest> {
  const header = target.file?.header;
  return fc
    .record({
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(target.method) }, { weight: 1, arbitrary: fc.constantFrom(...otherMethods) }),
      where: pathOf(target),
      query: queryOf(target),
      origin: fc.oneof({ weight: 8, arbitrary: fc.constant(TEST_BASE_URL) }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headerValue }),
      cookie: viewer.cookie(target.endsSessions),
      extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
      fields: header
        ? fc.oneof({ weight: 4, arbitrary: objectOf(header.schema, fieldValue).map((v) => percentEncoded(JSON.stringify(v))) }, { weight: 1, arbitrary: headerValue })
        : fc.constant(undefined),
      body: bodyOf(target),
    })
    .map(({ method, where, query, origin, cookie, extra, fields, body }) => {
      const headers: Record<string, string> = { ...extra };
      if (origin !== undefined) headers.origin = origin;
      if (cookie !== undefined) headers.cookie = cookie;
      if (header && fields !== undefined) headers[header.name] = fields;
      if (body?.contentType) headers["content-type"] = body.contentType;
      // A body on a GET or HEAD is rare but legal.
      const withBody = body && (method !== "GET" && method !== "HEAD" ? true : where.path.length % 5 === 0);
      return { target, viewer, method, path: `${where.path}${query}`, headers, onPath: where.onPath, ...(withBody ? { body: body.body } : {}) };
    });
}

/**
 * The run's requests, a function of the seed: each target is sent its share, by each viewer in
 * turn, and the targets take turns, so every operation and page is tried signed in and not.
 */
function generated(): SentRequest[] {
  const pairs = targets.flatMap((target) => viewers.map((viewer) => ({ target, viewer })));
  const each = Math.max(1, Math.ceil(CASES / pairs.length));
  const samples = pairs.map(({ target, viewer }, i) => fc.sample(requestTo(target, viewer), { seed: SEED + i, numRuns: each }));
  return Array.from({ length: each }, (_, run) => samples.map((sample) => sample[run]!)).flat();
}

// ---------------------------------------------------------------------------------------
// Sending, and what a good answer is

interface Answer {
  status: number;
  contentType: string;
  cacheControl: string | undefined;
  location: string | undefined;
  /** The methods a 405 names. */
  allow: string | undefined;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
afterAll(() => agent.destroy());
const { port } = new URL(origin);

function send(request: HostileRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, agent, method: request.method, path: request.path, headers: request.headers, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          contentType: res.headers["content-type"] ?? "",
          cacheControl: res.headers["cache-control"],
          location: res.headers.location,
          allow: res.headers.allow,
          body: decoded(res.headers["content-encoding"], Buffer.concat(chunks)),
        }),
      );
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 60 s")));
    req.on("error", reject);
    // Declared, so that a GET with a body is sent as one (Node's client would send it chunked).
    if (request.body) req.setHeader("content-length", request.body.length);
    req.end(request.body);
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };

function decoded(encoding: string | undefined, bytes: Buffer): string {
  const decode = encoding && bytes.length > 0 ? decoders[encoding] : undefined;
  return (decode ? decode(bytes) : bytes).toString("utf8");
}

/** Bytes of the request line and headers, which Node's own parser bounds before any of our code runs. */
function headBytes(request: HostileRequest): number {
  return Buffer.byteLength(`${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(request.headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}`, "latin1");
}

const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const conditional = (request: HostileRequest) => ["GET", "HEAD"].includes(request.method) && ("if-none-match" in request.headers || "if-modified-since" in request.headers);

/** The statuses any route may answer, beside those its operation documents, each with the request that earns it. */
const anyRouteMay: Array<{ status: number; why: string; when: (request: HostileRequest) => boolean }> = [
  { status: 400, why: "Node's parser refuses a request target with raw bytes outside printable ASCII", when: (r) => !/^[\x21-\x7e]*$/.test(r.path) },
  { status: 400, why: "a Host, forwarded host or forwarded protocol that makes no URL", when: (r) => ["host", "x-forwarded-host", "x-forwarded-proto"].some((name) => name in r.headers) },
  { status: 400, why: "a query parameter with text PostgreSQL cannot store", when: (r) => unstorableField(querystring.parse(r.path.split("?")[1] ?? "")) !== undefined },
  { status: 304, why: "a conditional GET of an answer that has not changed", when: conditional },
  { status: 405, why: "a method no route of the site serves (TRACE, PROPFIND, …)", when: (r) => !SERVED_METHODS.includes(r.method) },
  { status: 200, why: "OPTIONS: the methods a path serves, in Allow", when: (r) => r.method === "OPTIONS" },
  { status: 204, why: "OPTIONS: a CORS preflight", when: (r) => r.method === "OPTIONS" },
  { status: 413, why: "a body over its route's limit", when: (r) => r.body !== undefined },
  { status: 415, why: "a body in a media type or charset its route does not read", when: (r) => r.body !== undefined },
  { status: 414, why: "a URL over 4,096 characters", when: (r) => r.path.length > 4096 },
  { status: 431, why: "a request line and headers over Node's limit", when: (r) => headBytes(r) > http.maxHeaderSize },
];

function isApiErrorShape(answer: Answer): boolean {
  if (!/^application\/json/.test(answer.contentType)) return false;
  try {
    const { error } = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === "string" && typeof error.message === "string" && error.message.length > 0;
  } catch {
    return false;
  }
}

/** Where a Location sends a browser that asked `request`: off-site unless it stays on the host it asked, or the site's own origin. */
function offSite(request: HostileRequest, location: string): boolean {
  const asked = "http://asked.invalid";
  const resolved = new URL(location, `${asked}${request.path.startsWith("/") ? "" : "/"}`);
  return resolved.origin !== asked && resolved.origin !== TEST_BASE_URL;
}

/** A request no operation takes: refused by the first check it meets (its query or body, a change from another site), or no such endpoint. */
const noOperation = new Set([400, 403, 404]);
const operationsByKey = new Map(operations.map((o) => [`${o.method} ${o.pattern.toLowerCase()}`, o]));

/** The statuses the document gives the operation the request reached: its target's, or another of that path's methods. */
function documented(request: SentRequest): Set<number> | undefined {
  const { target } = request;
  if (target.kind !== "operation" || !request.onPath) return undefined;
  const method = request.method === "HEAD" && !operationsByKey.has(`HEAD ${target.pattern.toLowerCase()}`) ? "GET" : request.method;
  // A method the path does not serve is no API endpoint, unless a check every request meets refuses it first.
  return operationsByKey.get(`${method} ${target.pattern.toLowerCase()}`)?.statuses ?? noOperation;
}

/** What is wrong with an answer, or null. */
function problemWith(request: SentRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  if (answer.location && answer.status >= 300 && answer.status < 400 && offSite(request, answer.location)) return `${answer.status} to ${answer.location}`;
  const excused = anyRouteMay.some((may) => may.status === answer.status && may.when(request));
  // Node's own refusals come before any of our code: no JSON, no headers of ours there.
  if (excused && answer.body === "") return null;
  if (request.viewer.signedIn && request.target.personal && !/private|no-store/.test(answer.cacheControl ?? "")) return `${answer.status} cacheable (${answer.cacheControl ?? "no Cache-Control"}) for a signed-in viewer`;
  const statuses = documented(request);
  if (statuses && !statuses.has(answer.status) && !excused) return `${answer.status} undocumented`;
  // Express matches paths case-insensitively: /API/images is the API too.
  if (!/^\/api(\/|$|\?)/i.test(request.path) || answer.status < 400) return null;
  if (request.method === "HEAD") return /^application\/json/.test(answer.contentType) ? null : `${answer.status} HEAD not JSON`;
  return isApiErrorShape(answer) ? null : `${answer.status} not the JSON error shape`;
}

/** Requests a seed once found a fault with, sent in every run, with what they must be answered. */
const jsonHeaders = { origin: TEST_BASE_URL, "content-type": "application/json" };
const examples: Array<{ name: string; status: number; text: string; request: HostileRequest }> = [
  { name: "a page path that is not percent-encoded UTF-8", status: 404, text: "Page not found", request: { method: "GET", path: "/%E0", headers: {} } },
  { name: "an API parameter that is not percent-encoded UTF-8", status: 400, text: '"code":"BAD_REQUEST"', request: { method: "GET", path: "/api/creators/%E0", headers: {} } },
  { name: "a NUL character, which PostgreSQL cannot store", status: 400, text: '"field":"name"', request: { method: "GET", path: "/api/creators/a%00b", headers: {} } },
  { name: "a NUL character in the gallery's tag (seed 1159383145)", status: 400, text: "tag must not contain NUL characters", request: { method: "GET", path: "/?tag=%00sea", headers: {} } },
  { name: "a NUL character in a query parameter's name", status: 400, text: '"field":"a field name"', request: { method: "GET", path: "/api/images?a%00=1", headers: {} } },
  { name: "an OPTIONS of the root certificate, answered with its methods (seed 782465560)", status: 204, text: "", request: { method: "OPTIONS", path: "/content-credentials/root.pem", headers: { origin: TEST_BASE_URL } } },
  { name: "the root certificate asked through a forwarded protocol that is no protocol (seed 116689388)", status: 400, text: "forwarded protocol must be http or https", request: { method: "GET", path: "/content-credentials/root.pem", headers: { "x-forwarded-proto": "ht tp" } } },
  { name: "a Host that is no host name", status: 400, text: "Host header", request: { method: "GET", path: "/", headers: { host: "exa mple.com" } } },
  { name: "a forwarded Host that is no host name", status: 400, text: "Host header", request: { method: "GET", path: "/login", headers: { "x-forwarded-host": "~<p@x" } } },
  { name: "an empty Host", status: 400, text: "Host header", request: { method: "GET", path: "/", headers: { host: " " } } },
  { name: "a page action sent JSON", status: 400, text: "", request: { method: "POST", path: "/login", headers: jsonHeaders, body: Buffer.from("{}") } },
  { name: "a Better Auth body that is not an object", status: 400, text: '"code":"VALIDATION_ERROR"', request: { method: "POST", path: "/api/auth/sign-up/email", headers: jsonHeaders, body: Buffer.from("false") } },
  {
    name: "an email link whose callbackURL is neither a URL nor a path, sent to a path of this site (seed 218633694)",
    status: 302,
    text: "",
    request: { method: "GET", path: "/api/auth/verify-email?token=true&callbackURL=oN.", headers: {} },
  },
  {
    name: "a JSON body nested 5,000 deep, sent signed in (seed 1714784860)",
    status: 400,
    text: '"code":"VALIDATION_ERROR"',
    request: { method: "POST", path: "/api/auth/update-session", headers: { ...jsonHeaders, cookie: member.cookies }, body: Buffer.from("[".repeat(5000) + "]".repeat(5000)) },
  },
  {
    name: "a reset link whose token holds a NUL, opened (seed 7)",
    status: 400,
    text: "token must not contain NUL characters",
    request: { method: "GET", path: "/reset-password?token=%00", headers: {} },
  },
  {
    name: "a reset form whose token holds a NUL, sent",
    status: 400,
    text: "",
    request: {
      method: "POST",
      path: "/reset-password",
      headers: { origin: TEST_BASE_URL, "content-type": "application/x-www-form-urlencoded" },
      body: Buffer.from("token=a%00b&password=a+long+enough+passphrase&confirmPassword=a+long+enough+passphrase"),
    },
  },
  { name: "an unknown Better Auth endpoint", status: 404, text: '"code":"NOT_FOUND"', request: { method: "GET", path: "/api/auth/no-such-thing", headers: {} } },
  { name: "a TRACE from a page of the site", status: 405, text: "This site does not answer TRACE requests", request: { method: "TRACE", path: "/", headers: { origin: TEST_BASE_URL, referer: `${TEST_BASE_URL}/` } } },
  { name: "a PROPFIND to the API", status: 405, text: '"code":"METHOD_NOT_ALLOWED"', request: { method: "PROPFIND", path: "/api/images", headers: { origin: TEST_BASE_URL, referer: `${TEST_BASE_URL}/search` } } },
  { name: "a PROPFIND to Better Auth", status: 405, text: '"code":"METHOD_NOT_ALLOWED"', request: { method: "PROPFIND", path: "/api/auth/get-session", headers: { origin: TEST_BASE_URL } } },
  { name: "a TRACE of a media file", status: 405, text: "This site does not answer TRACE requests", request: { method: "TRACE", path: "/media/a.webp", headers: { referer: `${TEST_BASE_URL}/` } } },
];

describe("the attacker's suite", () => {
  it.each(examples)("answers $name with a clear $status", async ({ status, text, request }) => {
    const answer = await send(request);
    expect(answer.status).toBe(status);
    expect(answer.body).toContain(text);
    expect(answer.body).not.toMatch(/node_modules|at \w+ \(/);
    if (request.path.startsWith("/api") && status >= 400) expect(isApiErrorShape(answer)).toBe(true);
    if (status === 405) expect(answer.allow).toBe(SERVED_METHODS.join(", "));
  });

  it(`sends forged values to every operation, Better Auth endpoint and page, signed in and not: no 5xx, nothing undocumented, off-site or kept that is personal`, async () => {
    const requests = generated();
    console.log(`attacker's suite: seed ${SEED}, ${requests.length} requests (replay with FUZZ_SEED=${SEED})`);
    // The app logs each odd request it refuses (unknown paths, refused actions): thousands here.
    const quiet = [vi.spyOn(console, "error").mockImplementation(() => {}), vi.spyOn(console, "warn").mockImplementation(() => {})];
    const kinds = new Map<string, { count: number; example: string }>();
    const statuses = new Map<number, number>();
    let problems = 0;
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        let answer: Answer | undefined;
        let problem: string | null;
        try {
          answer = await send(request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          problem = problemWith(request, answer);
        } catch (error) {
          problem = `no answer (${String(error)})`;
        }
        if (!problem) continue;
        problems++;
        const kind = `${problem} [${request.target.name}, ${request.viewer.name}]`;
        const seen = kinds.get(kind) ?? {
          count: 0,
          example:
            `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 400)} ` +
            `body=${JSON.stringify(request.body?.toString("latin1").slice(0, 200) ?? null)} -> ${answer?.body.slice(0, 400)}`,
        };
        seen.count++;
        kinds.set(kind, seen);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    for (const spy of quiet) spy.mockRestore();
    const covered = (kind: Target["kind"]) => new Set(requests.filter((r) => r.target.kind === kind).map((r) => r.target.name)).size;
    console.log(
      `attacker's suite: ${requests.length} requests to ${covered("operation")} of ${operations.length} API operations, ` +
        `${covered("auth")} Better Auth endpoints and ${covered("page")} page routes (GET and POST of ${pagePatterns().length}), ` +
        `each by ${viewers.length} viewers; statuses ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ")}`,
    );

    const report = [...kinds].map(([kind, { count, example }]) => `${count}× ${kind}\n    e.g. ${example}`).join("\n");
    expect(problems, `seed ${SEED}: ${problems} bad answers\n${report}`).toBe(0);

    // Still healthy: the health check and a normal page.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Quiet Harbor");
    // No page kept for visitors shows an account: every page pattern, asked anonymously, twice (the second from the kept pages).
    for (const path of pagePatterns().map((p) => `/${p.replace(/:segment/, firstPage.items[0]!.path.split("/").pop()!).replace(/:\w+|\*/g, "x")}`)) {
      for (let round = 0; round < 2; round++) {
        const page = await (await fetch(`${origin}${path}`)).text();
        for (const person of people) expect(page, `${path} kept for visitors`).not.toContain(person.email);
      }
    }
  }, 600_000);

});
