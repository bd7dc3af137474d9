import { z } from "zod";
import { apiErrorBody, errorStatus, type ErrorCode } from "#contracts/api-error";
import {
  creatorNameParam,
  creatorPage,
  creatorTotals,
  creatorRef,
  downloadSize,
  imageCounts,
  imageDetail,
  imageIdParam,
  imageListQuery,
  imagePage,
  imageSource,
  imageSummary,
  popularSearches,
  suggestionsQuery,
  tagList,
} from "#contracts/catalog";
import {
  collectionChange,
  collectionImageParams,
  collectionImagesQuery,
  collectionImageState,
  collectionInput,
  collectionList,
  collectionPage,
  collectionParams,
  collectionsQuery,
  collectionSummary,
} from "#contracts/collections";
import { credentialsVerdict } from "#contracts/credentials";
import { ROOT_CERTIFICATE_PATH } from "#contracts/credentials-paths";
import { downloadQuery, likedImagesQuery, likeState, reportInput } from "#contracts/engagement";
import { receipt, receiptIdParam, receiptPage, receiptsQuery } from "#contracts/receipts";
import { avatarAnswer, JPEG_MAX_SIDE, UPLOAD_FIELDS_HEADER, uploadInput, uploadList, uploadStatus } from "#contracts/studio";

/**
 * The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json), generated from the Zod
 * contracts with Zod's own JSON Schema output: the operations below name their schemas,
 * nothing is written out by hand. Better Auth's endpoints (/api/auth/*) are not part of it:
 * they serve the site's own account forms and follow Better Auth's versions (decision 018).
 */

/**
 * Names and descriptions for the document, kept here rather than in the contracts (a `.meta()`
 * there would register the schemas globally and keep Zod in the pages' bundles). A schema
 * with an `id` becomes a component that others refer to.
 */
const documented = z.registry<{ id?: string; description?: string }>();
const components = {
  ApiError: apiErrorBody,
  ImageSource: imageSource,
  CreatorRef: creatorRef,
  ImageSummary: imageSummary,
  DownloadSize: downloadSize,
  ImageDetail: imageDetail,
  ImageCounts: imageCounts,
  ImagePage: imagePage,
  CreatorPage: creatorPage,
  CreatorTotals: creatorTotals,
  TagList: tagList,
  LikeState: likeState,
  Receipt: receipt,
  ReceiptPage: receiptPage,
  CollectionSummary: collectionSummary,
  CollectionList: collectionList,
  CollectionPage: collectionPage,
  CollectionImageState: collectionImageState,
  UploadStatus: uploadStatus,
  UploadList: uploadList,
  CredentialsVerdict: credentialsVerdict,
};
for (const [id, schema] of Object.entries(components)) documented.add(schema, { id });
for (const [schema, description] of [
  [apiErrorBody.shape.error.shape.field, "The query or body field at fault, when there is one."],
  [apiErrorBody.shape.error.shape.retryAfter, "For RATE_LIMITED and SERVICE_UNAVAILABLE: seconds until a retry may succeed."],
  [imageSummary.shape.path, "/images/{id}-{slug}: the image's own, shareable page."],
  [imageSummary.shape.color, "Dominant colour, #rrggbb."],
  [imageSummary.shape.placeholder, "ThumbHash, base64: a blurred placeholder to paint before the image arrives."],
  [imageSummary.shape.sources, "The <source> elements of a <picture>: every stored width of AVIF, WebP and JPEG."],
  [imageSummary.shape.src, "A JPEG of moderate width for <img src> and Open Graph."],
  [imageSummary.shape.liked, "Whether the signed-in viewer likes it; false for anonymous requests."],
  [imageDetail.shape.related, "A few images sharing tags, creator or category."],
  [imageDetail.shape.downloadSizes, "Sizes offered for download, smallest first."],
  [imagePage.shape.nextCursor, "Opaque: pass it back as `cursor` for the next page. Null on the last page."],
  [imagePage.shape.total, "How many images match a text search (`q`) in all, on its first page; else null."],
  [receipt.shape.sha256, "SHA-256 of the exact bytes delivered, lower-case hex."],
  [receipt.shape.license, "The license in force when the file was delivered: version, date of that version, and where to read it."],
  [receiptPage.shape.nextCursor, "Pass it back as `cursor` for older receipts; null on the last page."],
  [collectionSummary.shape.path, "/collections/{id}-{slug}: its page, for anyone when public, for its owner alone when private."],
  [collectionSummary.shape.covers, "Its most recently added images, at most 3."],
  [collectionSummary.shape.hasImage, "Given when the list was asked for with `image`: whether this collection holds that image."],
  [collectionsQuery.shape.image, "An image id: each collection then says whether it holds that image."],
  [imageListQuery.shape.cursor, "A page's `nextCursor`, for the page after it."],
  [imageListQuery.shape.limit, "Images per page."],
  [imageListQuery.shape.tag, "Only images with this tag (exact, case-insensitive); wins over `q`."],
  [imageListQuery.shape.q, "Images whose title, creator name or a tag contains this text; title and tag matches first."],
] as const) {
  documented.add(schema, { description });
}

type Method = "get" | "head" | "post" | "put" | "patch" | "delete";

interface Answer {
  description: string;
  /** A JSON answer's schema (one with a `meta({ id })`, shown once under components). */
  json?: z.ZodType;
  /** Another media type, e.g. the JPEG of a download. */
  media?: string;
}

export interface ApiOperation {
  method: Method;
  /** Express-style, under /api: `/images/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: "Catalog" | "Engagement" | "Receipts" | "Collections" | "Studio" | "Content Credentials" | "API";
  /** Whether it needs a session (else 401), or merely reads one when present. */
  session?: "required" | "optional";
  /** Catalog reads any site may make from the browser (CORS, without credentials). */
  crossOrigin?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is a file of this media type, with its JSON fields URI-encoded in `header` (an upload). */
  file?: { media: string; header?: string; fields?: z.ZodObject };
  answers: Record<number, Answer>;
}

const imageParams = z.object({ id: imageIdParam });
const ok = (json: z.ZodType, description = "OK"): Answer => ({ description, json });
const error = (description: string): Answer => ({ description, json: apiErrorBody });
/** An upload's refusal for its size, in bytes or in pixels. */
const fileTooLarge = error(`Over UPLOAD_MAX_MB, over UPLOAD_MAX_PIXELS (100 megapixels unless configured), or longer than ${JPEG_MAX_SIDE.toLocaleString("en")} pixels a side`);
/** What a change of a collection may be refused with. */
const collectionRefusals = {
  401: error("Not signed in"),
  403: error("Another person's collection, or sent from another site"),
  404: error("No such collection, or another person's private one"),
};

export const apiOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/images",
    tag: "Catalog",
    summary: "List images",
    description:
      "Published images, newest first, a page at a time. `tag` (an exact tag, case-insensitive) wins over `q` (title, creator name or a tag containing the text; title and tag matches first).",
    session: "optional",
    crossOrigin: true,
    query: imageListQuery,
    answers: { 200: ok(imagePage), 400: error("A parameter is malformed (`field` names it)") },
  },
  {
    method: "get",
    path: "/images/:id",
    tag: "Catalog",
    summary: "An image's details",
    session: "optional",
    crossOrigin: true,
    params: imageParams,
    answers: { 200: ok(imageDetail), 400: error("The id is not a positive whole number"), 404: error("No such published image") },
  },
  {
    method: "post",
    path: "/images/:id/views",
    tag: "Catalog",
    summary: "Count a view of an image",
    description: "Sent by the site when an image's detail opens; same-origin only. Answers the image's like and download counts as they are now.",
    params: imageParams,
    answers: { 200: ok(imageCounts), 403: error("Sent from another site"), 404: error("No such published image") },
  },
  {
    method: "get",
    path: "/tags/random",
    tag: "Catalog",
    summary: "Random tags to explore",
    crossOrigin: true,
    answers: { 200: ok(tagList) },
  },
  {
    method: "get",
    path: "/tags/suggestions",
    tag: "Catalog",
    summary: "Tags containing a text, for a search box",
    crossOrigin: true,
    query: suggestionsQuery,
    answers: { 200: ok(tagList), 400: error("`q` is missing, too short or too long") },
  },
  {
    method: "get",
    path: "/searches/popular",
    tag: "Catalog",
    summary: "Popular searches of the last 7 days",
    description: "Searches that found images and were made by several visitors, most made first; what an empty search box offers.",
    crossOrigin: true,
    answers: { 200: ok(popularSearches) },
  },
  {
    method: "get",
    path: "/creators/:name",
    tag: "Catalog",
    summary: "A creator's totals and images",
    session: "optional",
    crossOrigin: true,
    params: z.object({ name: creatorNameParam }),
    query: imageListQuery.pick({ cursor: true, limit: true }),
    answers: { 200: ok(creatorPage), 404: error("No such creator") },
  },
  {
    method: "get",
    path: "/creators/:name/totals",
    tag: "Catalog",
    summary: "A creator's totals as they are now",
    description: "Uploads, downloads and likes over the creator's published images, read when asked: a creator page kept for anonymous visitors shows them as it opens.",
    crossOrigin: true,
    params: z.object({ name: creatorNameParam }),
    answers: { 200: ok(creatorTotals), 404: error("No such creator") },
  },
  {
    method: "put",
    path: "/images/:id/like",
    tag: "Engagement",
    summary: "Like an image",
    description: "Repeating it changes nothing.",
    session: "required",
    params: imageParams,
    answers: { 200: ok(likeState), 401: error("Not signed in"), 403: error("Sent from another site"), 404: error("No such published image") },
  },
  {
    method: "delete",
    path: "/images/:id/like",
    tag: "Engagement",
    summary: "Unlike an image",
    description: "Without a like it changes nothing.",
    session: "required",
    params: imageParams,
    answers: { 200: ok(likeState), 401: error("Not signed in"), 403: error("Sent from another site"), 404: error("No such published image") },
  },
  {
    method: "get",
    path: "/me/likes",
    tag: "Engagement",
    summary: "The viewer's liked images, newest like first",
    session: "required",
    query: likedImagesQuery,
    answers: { 200: ok(imagePage), 401: error("Not signed in") },
  },
  {
    method: "get",
    path: "/images/:id/download",
    tag: "Engagement",
    summary: "Download an image as JPEG",
    description:
      "Saved as `{Title_with_underscores}.jpg`; each request counts one anonymous download, and leaves the viewer a license receipt once the whole file has been delivered.",
    session: "required",
    params: imageParams,
    query: downloadQuery,
    answers: {
      200: { description: "The JPEG file", media: "image/jpeg" },
      303: { description: "A browser's navigation without a session: sent to sign in, then back to the image's page" },
      400: error("Unknown size"),
      401: error("Not signed in"),
      404: error("No such published image, or its file is missing"),
    },
  },
  {
    method: "head",
    path: "/images/:id/download",
    tag: "Engagement",
    summary: "Ask about a download without downloading",
    description: "The same headers as the download; counts nothing.",
    session: "required",
    params: imageParams,
    query: downloadQuery,
    answers: { 200: { description: "The file would be sent" }, 401: { description: "Not signed in" }, 404: { description: "No such published image" } },
  },
  {
    method: "post",
    path: "/images/:id/reports",
    tag: "Engagement",
    summary: "Report an image",
    description: "Signed-in people report an image once; anonymous reports are limited per network.",
    session: "optional",
    params: imageParams,
    body: reportInput,
    answers: {
      201: ok(z.object({ ok: z.literal(true) }), "Reported"),
      400: error("The reason or details are invalid (`field` names it)"),
      403: error("Sent from another site"),
      404: error("No such published image"),
      409: error("Already reported by this person"),
      429: error("Too many anonymous reports from this network (`retryAfter` seconds)"),
    },
  },
  {
    method: "get",
    path: "/me/receipts",
    tag: "Receipts",
    summary: "The viewer's license receipts, newest first",
    session: "required",
    query: receiptsQuery,
    answers: { 200: ok(receiptPage), 400: error("A parameter is malformed"), 401: error("Not signed in") },
  },
  {
    method: "get",
    path: "/me/receipts/:id",
    tag: "Receipts",
    summary: "One of the viewer's license receipts",
    session: "required",
    params: z.object({ id: receiptIdParam }),
    answers: { 200: ok(receipt), 401: error("Not signed in"), 404: error("No such receipt of the viewer's") },
  },
  {
    method: "post",
    path: "/uploads",
    tag: "Studio",
    summary: "Upload an image (creators and admins)",
    description: `The body is the file itself (at most UPLOAD_MAX_MB, 50 MB unless configured); its fields go URI-encoded as JSON in the \`${UPLOAD_FIELDS_HEADER}\` header. It is checked at once and imported in the background: ask GET /api/uploads how it is doing.`,
    session: "required",
    file: { media: "application/octet-stream", header: UPLOAD_FIELDS_HEADER, fields: uploadInput },
    answers: {
      202: ok(uploadStatus, "Accepted: queued for processing"),
      400: error("The fields are invalid"),
      401: error("Not signed in"),
      403: error("Not a creator or admin, or sent from another site"),
      413: fileTooLarge,
      415: error("Not an image we take"),
    },
  },
  {
    method: "get",
    path: "/uploads",
    tag: "Studio",
    summary: "The viewer's latest uploads, newest first",
    session: "required",
    answers: { 200: ok(uploadList), 401: error("Not signed in"), 403: error("Not a creator or admin") },
  },
  {
    method: "put",
    path: "/me/avatar",
    tag: "Studio",
    summary: "Set the avatar of the viewer's creator page (creators and admins)",
    description: "The body is the picture (at most UPLOAD_MAX_MB); it is cropped square.",
    session: "required",
    file: { media: "application/octet-stream" },
    answers: {
      200: ok(avatarAnswer),
      401: error("Not signed in"),
      403: error("Not a creator or admin, or sent from another site"),
      413: fileTooLarge,
      415: error("Not an image we take"),
    },
  },
  {
    method: "post",
    path: "/content-credentials/check",
    tag: "Content Credentials",
    summary: "Check a file's Content Credentials (what /verify shows)",
    description:
      "The body is the file itself (at most UPLOAD_MAX_MB). The answer is the verdict: `intact` (signed by this site, unchanged since), `altered` (changed after it was signed), `other` (signed by someone else; `trusted` when their certificate chains to this site's root) or `none`. Nothing of the file is kept.",
    file: { media: "application/octet-stream" },
    answers: {
      200: ok(credentialsVerdict),
      400: error("No file"),
      403: error("Sent from another site"),
      413: error("Over UPLOAD_MAX_MB"),
      415: error("Not an image that can carry Content Credentials"),
      422: error("Its Content Credentials (or its picture) are damaged and cannot be read; the message says how"),
    },
  },
  {
    method: "get",
    path: "/collections",
    tag: "Collections",
    summary: "The viewer's collections, newest first",
    session: "required",
    query: collectionsQuery,
    answers: { 200: ok(collectionList), 400: error("`image` is not an image id"), 401: error("Not signed in") },
  },
  {
    method: "post",
    path: "/collections",
    tag: "Collections",
    summary: "Create a collection",
    description: "A name of 1 to 60 characters (trimmed), private unless `isPublic`. One person may have 100 collections.",
    session: "required",
    body: collectionInput,
    answers: {
      201: ok(collectionSummary, "Created"),
      400: error("The name or isPublic is invalid (`field` names it)"),
      401: error("Not signed in"),
      403: error("Sent from another site"),
      409: error("The viewer has 100 collections already"),
    },
  },
  {
    method: "get",
    path: "/collections/:id",
    tag: "Collections",
    summary: "A collection and a page of its images",
    description: "A public collection, or the viewer's own; images most recently added first, hidden ones left out.",
    session: "optional",
    params: collectionParams,
    query: collectionImagesQuery,
    answers: { 200: ok(collectionPage), 400: error("A parameter is malformed"), 404: error("No such collection, or another person's private one") },
  },
  {
    method: "patch",
    path: "/collections/:id",
    tag: "Collections",
    summary: "Rename a collection, or make it public or private",
    session: "required",
    params: collectionParams,
    body: collectionChange,
    answers: {
      200: ok(collectionSummary),
      400: error("The name or isPublic is invalid, or neither is given"),
      ...collectionRefusals,
    },
  },
  {
    method: "delete",
    path: "/collections/:id",
    tag: "Collections",
    summary: "Delete a collection",
    description: "Its images stay in the gallery.",
    session: "required",
    params: collectionParams,
    answers: {
      204: { description: "Deleted" },
      ...collectionRefusals,
    },
  },
  {
    method: "put",
    path: "/collections/:id/images/:imageId",
    tag: "Collections",
    summary: "Add an image to a collection",
    description: "Repeating it changes nothing. A collection holds at most 500 images.",
    session: "required",
    params: collectionImageParams,
    answers: {
      200: ok(collectionImageState),
      ...collectionRefusals,
      404: error("No such collection (or another person's private one), or no such published image"),
      409: error("The collection holds 500 images already"),
    },
  },
  {
    method: "delete",
    path: "/collections/:id/images/:imageId",
    tag: "Collections",
    summary: "Remove an image from a collection",
    description: "Without it there, it changes nothing.",
    session: "required",
    params: collectionImageParams,
    answers: {
      200: ok(collectionImageState),
      ...collectionRefusals,
    },
  },
  {
    method: "get",
    path: "/collections/:id/download",
    tag: "Collections",
    summary: "Download a collection's images as one ZIP",
    description:
      "Saved as `{Collection_name}.zip`: each published image's original JPEG (as a single download gives it, stored uncompressed), made while it is sent. Each file counts one download and leaves the viewer a license receipt, as a single download does. A browser without a session is sent to sign in (303).",
    session: "required",
    params: collectionParams,
    answers: {
      200: { description: "The ZIP archive", media: "application/zip" },
      303: { description: "A browser's navigation without a session: sent to sign in, then back to the collection's page" },
      401: error("Not signed in"),
      404: error("No such collection, or another person's private one"),
      409: error("The collection has no images"),
    },
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "API",
    summary: "This document",
    crossOrigin: true,
    answers: { 200: { description: "The OpenAPI 3.1 document", media: "application/json" } },
  },
];

const COMPONENT = "#/components/schemas/";

/** A schema without the keys that belong to a whole JSON Schema document, not to one inside OpenAPI. */
function embedded(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** A named schema as a reference to its component; any other written out in place. */
function schemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const id = documented.get(schema)?.id;
  if (id) return { $ref: `${COMPONENT}${id}` };
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", metadata: documented }) as Record<string, unknown>;
  // A named part would land in $defs, which a reference inside an OpenAPI document cannot reach.
  if (json.$defs) throw new Error("An unnamed schema of the API document contains a named one: name the outer one too");
  return embedded(json);
}

/** The path and query parameters an object schema describes, as parsed on the way in. */
function parameters(where: "path" | "query", schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", metadata: documented }) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/**
 * The refusals every operation of its shape may answer, beside those it names: a malformed
 * path parameter (not a whole number, or not percent-encoded UTF-8), query or body, or text
 * that cannot be stored in any query parameter or body field, even one it does not read (every
 * operation); no session; a change sent from another site; a JSON body over 64 KB.
 */
function refusalsOf(operation: ApiOperation): Partial<Record<ErrorCode, string>> {
  const changes = operation.method !== "get" && operation.method !== "head";
  return {
    BAD_REQUEST: "A parameter or the body is malformed, or holds a NUL or an unpaired surrogate (`field` names it)",
    ...(operation.session === "required" ? { UNAUTHENTICATED: "Not signed in" } : {}),
    ...(changes ? { FORBIDDEN: "Sent from another site" } : {}),
    ...(operation.body ? { PAYLOAD_TOO_LARGE: "The body is over 64 KB" } : {}),
  };
}

/** Every answer of an operation: its own, and its shape's refusals at the status their code answers (contracts/api-error.ts). */
export function answersOf(operation: ApiOperation): Record<number, Answer> {
  const refusals = Object.entries(refusalsOf(operation)).map(([code, description]): [number, Answer] => [
    errorStatus[code as ErrorCode],
    operation.method === "head" ? { description } : error(description),
  ]);
  return { ...Object.fromEntries(refusals), ...operation.answers };
}

function operationObject(operation: ApiOperation) {
  const responses = Object.fromEntries(
    Object.entries(answersOf(operation)).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.json ? { content: { "application/json": { schema: schemaOf(answer.json, "output") } } } : {}),
        ...(answer.media ? { content: { [answer.media]: {} } } : {}),
      },
    ]),
  );
  return {
    operationId: `${operation.method}${operation.path.replace(/[/:.](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, "")}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.session === "required" ? { security: [{ session: [] }] } : operation.session === "optional" ? { security: [{}, { session: [] }] } : {}),
    parameters: [
      ...parameters("path", operation.params),
      ...parameters("query", operation.query),
      ...(operation.file?.header && operation.file.fields
        ? [{ name: operation.file.header, in: "header", required: true, description: "encodeURIComponent of the JSON of the fields", content: { "application/json": { schema: schemaOf(operation.file.fields, "input") } } }]
        : []),
    ],
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(operation.body, "input") } } } } : {}),
    ...(operation.file ? { requestBody: { required: true, content: { [operation.file.media]: {} } } } : {}),
    responses,
  };
}

/** `/images/:id` as OpenAPI writes it: `/images/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The whole document, for a site served at `baseUrl`. */
export function openApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of apiOperations) {
    const path = `/api${openApiPath(operation.path)}`;
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) };
  }
  paths[ROOT_CERTIFICATE_PATH] = {
    get: {
      operationId: "getContentCredentialsRoot",
      tags: ["Content Credentials"],
      summary: "The root certificate of the site's Content Credentials (PEM)",
      parameters: [],
      description: "Give it to a C2PA reader as a trust anchor: the site's downloads then read as Trusted, not merely Valid. Outside /api, cached for an hour.",
      responses: { 200: { description: "OK", content: { "application/x-pem-file": {} } } },
    },
  };
  const { schemas } = z.toJSONSchema(documented, { metadata: documented, uri: (id) => `${COMPONENT}${id}` });
  return {
    openapi: "3.1.0",
    info: {
      title: "Stockroom API",
      version: "1",
      description:
        "The catalog of Stockroom, a free gallery of AI-generated stock images, and what signed-in people do with it. Catalog reads may be made from any site (CORS, without credentials); requests that change something must come from this site. Errors are `{ \"error\": { \"code\", \"message\" } }`.",
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: "Catalog", description: "Images, search, tags and creators: open to any site." },
      { name: "Engagement", description: "Likes, downloads and reports." },
      { name: "Receipts", description: "License receipts of the viewer's downloads." },
      { name: "Collections", description: "Signed-in people's collections of images, private or public, and their ZIP downloads." },
      { name: "Studio", description: "Creators' uploads: files checked at once, imported in the background." },
      { name: "Content Credentials", description: "The C2PA Content Credentials every download carries, signed by this site: checking a file, and the root certificate its signatures chain up to." },
      { name: "API", description: "This document." },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embedded(schema as Record<string, unknown>)])),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "stockroom.session_token", description: "The session cookie that signing in on the site sets." },
      },
    },
  };
}
