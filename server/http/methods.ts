import type { RequestHandler } from "express";
import { AppError } from "../errors.ts";
import { sendErrorFor } from "./errors.ts";

/** Every method some route of the app answers; Node's parser knows many more (TRACE, PROPFIND, …). */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * 405, with the methods the site answers in `Allow`, for any other method, on every path,
 * before anything else reads the request (React Router's `new Request` throws on TRACE),
 * whatever its headers.
 */
export const servedMethodsOnly: RequestHandler = (req, res, next) => {
  if (SERVED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", SERVED_METHODS.join(", "));
  sendErrorFor(req, res, new AppError("METHOD_NOT_ALLOWED", `This site does not answer ${req.method} requests`));
};
