import type { Request, RequestHandler } from "express";
import { STATUS_CODES } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { errorStatus, type ApiErrorBody, type ErrorCode } from "#contracts/api-error";
import { notStorable, storableText } from "#contracts/text";
import { answer, CLIENT_IP_HEADER } from "../../auth/auth.ts";
import { AppError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { webRequest } from "../web-request.ts";

/** The client's address, as Express resolves it under the TRUST_PROXY setting. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Passes the client's address to Better Auth and to page actions, replacing whatever a
 * client sent under that name.
 */
export const clientIp: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = clientAddress(req);
  next();
};

/**
 * Better Auth's endpoints at /api/auth/*: the Google (OpenID Connect) callback, and the
 * JSON endpoints behind the account pages. Mounted before any body parser: it reads the
 * body itself. Its refusals (validation, sessions, unknown endpoints, our rate limits)
 * are answered in the API's error shape, `{ "error": { "code", "message" } }`.
 */
export function authRoutes(services: Pick<Services, "auth">): RequestHandler {
  const { auth } = services;
  return async (req, res, next) => {
    try {
      // Before Better Auth parses anything: no NUL or lone surrogate in the path (a reset link's
      // token); the query's were refused for every route (storableInput("query")).
      if (!req.path.split("/").map(safeDecode).every(storableText)) throw new AppError("BAD_REQUEST", notStorable("path"), { field: "path" });
      const response = await answer(auth, webRequest(req, auth.options.baseURL as string));
      const refused = response.status >= 400;
      res.status(response.status);
      for (const [name, value] of response.headers) {
        // A refusal's body is rewritten below: its own content headers no longer apply.
        if (name !== "set-cookie" && !(refused && name.startsWith("content-"))) res.setHeader(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader("set-cookie", cookies);
      if (refused) return void res.json(await authErrorBody(response));
      if (!response.body) return void res.end();
      await pipeline(Readable.fromWeb(response.body as WebReadableStream), res);
    } catch (error) {
      next(error);
    }
  };
}

const codeOfStatus = new Map<number, ErrorCode>(Object.entries(errorStatus).map(([code, status]) => [status, code as ErrorCode]));

/** A Better Auth refusal (`{ code, message, ...}` or no body at all) in the API's error shape. */
async function authErrorBody(response: Response): Promise<ApiErrorBody> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // no body, or not JSON: the status speaks
  }
  const { code, message, ...details } = body;
  return {
    error: {
      ...details,
      code: typeof code === "string" && code ? code : (codeOfStatus.get(response.status) ?? "BAD_REQUEST"),
      message: typeof message === "string" && message ? message : (STATUS_CODES[response.status] ?? "Request refused"),
    },
  };
}

/** A percent-encoded path segment decoded, or as it is when it is not valid UTF-8 percent-encoding. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
