import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { messages, reasonOf, safeRedirect, type FormReason } from "#contracts/account-forms";
import { localizedPath, splitLocale } from "#contracts/locales";
import { errorStatus, isErrorCode } from "#contracts/api-error";

/**
 * What an account form's action answers when it does not move on: a message to show, in English,
 * and when it is one of the account forms' (contracts/account-forms.ts) its name and numbers, which
 * the page shows in its own language (app/features/account/form-messages.ts).
 */
export type FormResult = ({ ok: true; message: string } | { ok: false; error: string }) & { reason?: FormReason; values?: ReasonValues };

/** The numbers an account form's message names: the password's least length, a rate limit's wait. */
export interface ReasonValues {
  min: number;
  seconds: number;
}

/** A refusal with `error`'s words, named when they are an account form's message. */
function refused(context: AppLoadContext, error: string, seconds = 0): FormResult {
  const values = { min: context.settings.passwordMinLength, seconds };
  const reason = reasonOf(error, values.min, seconds);
  return reason ? { ok: false, error, reason, values } : { ok: false, error };
}

/** A success with one of the account forms' messages. */
export const succeeded = (reason: "profileUpdated" | "passwordUpdated" | "resetLinkSent"): FormResult => ({ ok: true, message: messages[reason], reason });

/**
 * The form a page action was sent: a body that is not one (no form content type, or
 * malformed) is refused with 400, as a browser never sends it.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The request's body is not a form", { status: 400 });
  }
}

/** The form's fields as strings (files and missing fields count as empty). */
function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

/**
 * Runs a service call for a form. An AppError (matched by shape: route modules import no
 * server code) becomes `{ ok: false, error }` with its message and the status the API gives
 * its code (contracts/api-error.ts; 400 for a code of Better Auth's own); an error with no
 * words for users becomes the screen's `fallback`, and goes to the server's log under the
 * request's id.
 */
export async function attempt<T>(context: AppLoadContext, call: () => Promise<T>, fallback: string): Promise<T | ReturnType<typeof data<FormResult>>> {
  try {
    return await call();
  } catch (error) {
    const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: { retryAfter?: unknown } };
    if (typeof code === "string" && code !== "INTERNAL" && typeof message === "string" && message) {
      const seconds = typeof details?.retryAfter === "number" ? details.retryAfter : 0;
      return data<FormResult>(refused(context, message, seconds), { status: isErrorCode(code) ? errorStatus[code] : 400 });
    }
    context.log.error(`[${context.requestId}] A page action failed`, error);
    return data<FormResult>({ ok: false, error: fallback }, { status: 500 });
  }
}

/** Parses a form with its contract schema (the first problem is the answer), then `attempt`s the call. */
export async function runForm<S extends z.ZodType, T>(
  context: AppLoadContext,
  form: FormData,
  schema: S,
  call: (input: z.output<S>) => Promise<T>,
  fallback: string,
): Promise<T | ReturnType<typeof data<FormResult>>> {
  const parsed = schema.safeParse(fieldsOf(form));
  if (!parsed.success) return data<FormResult>(refused(context, parsed.error.issues[0]!.message), { status: 400 });
  return attempt(context, () => call(parsed.data), fallback);
}

/**
 * 'Continue with Google': sends the browser to the provider, to come back signed in at the
 * form's `redirectTo`, or on failure to `errorPath` (with `?error=`).
 */
export async function startGoogle(context: AppLoadContext, request: Request, form: FormData, errorPath: string, fallback: string) {
  const target = redirectTarget(request, form);
  const errorCallbackURL = target === "/" ? errorPath : `${errorPath}?redirectTo=${encodeURIComponent(target)}`;
  return attempt(context, async () => {
    const { url, headers } = await context.services.accounts.startGoogleSignIn({ callbackURL: target, errorCallbackURL }, request.headers);
    return redirect(url, { headers });
  }, fallback);
}

/** Moves on to `to`, storing the cookies an account operation set. */
export function redirectWithCookies(to: string, cookies: Headers): Response {
  return redirect(to, { headers: cookies });
}

/** Where to go after signing in: the form's (or the URL's) `redirectTo` when it is a place on this site (safeRedirect), else `/`. */
export function redirectTarget(request: Request, form?: FormData): string {
  const url = new URL(request.url);
  const field = form?.get("redirectTo");
  const target = safeRedirect(typeof field === "string" ? field : url.searchParams.get("redirectTo"), url.origin);
  // The gallery in the page's language: a German sign-in goes back to /de/.
  return target === "/" ? localizedPath(splitLocale(url.pathname).locale, "/") : target;
}

/**
 * The loader of /login and /signup: a signed-in visitor goes straight on; otherwise where to
 * go after signing in, and whether Google sent the visitor back with an error.
 */
export async function signedOutOnly(request: Request, context: AppLoadContext) {
  const redirectTo = redirectTarget(request);
  if (await context.viewer()) throw redirect(redirectTo);
  return { redirectTo, googleFailed: new URL(request.url).searchParams.has("error") };
}
