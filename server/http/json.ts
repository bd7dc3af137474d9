import type { Request, Response } from "express";
import { EncodedBody, sendEncoded } from "./encoded-body.ts";

/**
 * JSON answers whose value may be sent many times: a catalog page kept by the catalog cache
 * is the same object until the catalog changes, so it is serialised, hashed for its ETag and
 * compressed once per encoding asked for, not once per request. Values are held weakly:
 * dropped from the cache, they go.
 */

const answers = new WeakMap<object, EncodedBody>();

export function sendJson(req: Request, res: Response, value: object): void {
  let answer = answers.get(value);
  if (!answer) {
    answer = new EncodedBody(Buffer.from(JSON.stringify(value)));
    answers.set(value, answer);
  }
  sendEncoded(req, res, answer, "json");
}
