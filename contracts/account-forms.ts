import { z } from "zod";
import "./zod-config.ts";
import { LOCALES, type OfferedLocale } from "./locales.ts";

/**
 * The account forms: their limits, their inputs and the words users read about them.
 * Texts marked (spec) are the product specification's, word for word. Checks run in the
 * spec's order and the first failing one is reported.
 */

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;

export const messages = {
  fillAllFields: "Please fill in all fields", // (spec)
  passwordsDoNotMatch: "Passwords do not match", // (spec)
  passwordTooShort: (min: number) => `Password must be at least ${min} characters long`, // (spec)
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  accountDisabled: "This account has been disabled. Please contact the site's operator if you think this is a mistake.",
  passwordTooCommon: "This password is too common and easy to guess. Please choose another one.",
  invalidEmail: "Please enter a valid email address",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists. Sign in instead.",
  nameRequired: "Display name is required", // (spec)
  nameTooLong: `Display name must be at most ${NAME_MAX_LENGTH} characters long`,
  profileUpdated: "Profile updated successfully!", // (spec)
  fillAllPasswordFields: "Please fill in all password fields", // (spec)
  newPasswordsDoNotMatch: "New passwords do not match", // (spec)
  newPasswordTooShort: (min: number) => `New password must be at least ${min} characters long`, // (spec)
  wrongCurrentPassword: "Current password is incorrect",
  passwordUpdated: "Password updated successfully!", // (spec)
  noPasswordYet: "Your account signs in with Google and has no password to change",
  wrongPassword: "The password is incorrect",
  confirmWithPassword: "Please enter your password to confirm",
  wrongEmailConfirmation: "Please type your email address exactly as shown to confirm",
  resetLinkSent:
    "If an account exists for that email address, we have sent it a link to reset the password. The link works once, for one hour.",
  resetLinkInvalid: "This reset link has expired or has already been used. Please request a new one.",
  passwordReset: "Your password has been reset. You are signed in here, and signed out everywhere else.",
  googleUnavailable: "Google sign-in is not available on this server",
  signInRequired: "Please sign in to continue",
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${duration(seconds)}.`,
  // When an account form fails for a reason users cannot act on (the server's log has it).
  signInFailed: "Failed to log in",
  signUpFailed: "Failed to create account",
  profileUpdateFailed: "Failed to update profile",
  passwordUpdateFailed: "Failed to update password",
  deleteFailed: "Failed to delete account",
  resetLinkFailed: "Failed to send the reset link",
  resetFailed: "Failed to reset the password",
} as const;

/** Which of `messages` a form's answer is: the stable name a page shows in its own language (app/features/account/form-messages.ts). */
export type FormReason = keyof typeof messages;

/**
 * The name of the message whose English words are `text`, given the password length the server
 * asks for (`min`) and a rate limit's wait (`seconds`); undefined for words of no account form.
 */
export function reasonOf(text: string, min: number, seconds = 0): FormReason | undefined {
  return (Object.keys(messages) as FormReason[]).find((reason) => {
    const message = messages[reason];
    return (typeof message === "function" ? message(reason === "tooManyAttempts" ? seconds : min) : message) === text;
  });
}

function duration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** A form field: absent counts as empty. Passwords are kept as typed; other text is trimmed. */
const text = z.string().trim().catch("");
const secret = z.string().catch("");

const isEmail = (value: string) => value.length <= EMAIL_MAX_LENGTH && z.email().safeParse(value).success;

/** A check of a form: when `failed`, the form is refused with `message` (naming `field`). */
type Check = [failed: boolean, message: string, field?: string];

/** Reports the first failed check, so that users meet the problems one at a time, in order. */
function firstFailed(checks: Check[], ctx: z.RefinementCtx) {
  const failed = checks.find(([fails]) => fails);
  if (failed) ctx.addIssue({ code: "custom", message: failed[1], path: failed[2] ? [failed[2]] : [] });
}

/** The checks of a new password and its confirmation, with the spec's words for the form. */
function newPasswordChecks(
  password: string,
  confirm: string,
  minLength: number,
  words: { mismatch: string; short: string; field?: string },
): Check[] {
  const field = words.field ?? "password";
  return [
    [password !== confirm, words.mismatch, "confirmPassword"],
    [password.length < minLength, words.short, field],
    [password.length > PASSWORD_MAX_LENGTH, messages.passwordTooLong, field],
  ];
}

export const signInInput = z.object({ email: text, password: secret }).superRefine((v, ctx) =>
  firstFailed(
    [
      [!v.email || !v.password, messages.fillAllFields],
      [!isEmail(v.email), messages.invalidEmail, "email"],
    ],
    ctx,
  ),
);
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = (minLength: number) =>
  z.object({ name: text, email: text, password: secret, confirmPassword: secret }).superRefine((v, ctx) =>
    firstFailed(
      [
        [!v.name || !v.email || !v.password || !v.confirmPassword, messages.fillAllFields],
        ...newPasswordChecks(v.password, v.confirmPassword, minLength, {
          mismatch: messages.passwordsDoNotMatch,
          short: messages.passwordTooShort(minLength),
        }),
        [v.name.length > NAME_MAX_LENGTH, messages.nameTooLong, "name"],
        [!isEmail(v.email), messages.invalidEmail, "email"],
      ],
      ctx,
    ),
  );
/** A sign-up, with the language of the page it was sent from (the account's, from then on). */
export type SignUpInput = z.infer<ReturnType<typeof signUpInput>> & { locale?: OfferedLocale };

/** The language picked in the profile: one the site offers, else none (left as it was). */
const locale = z.enum(LOCALES).optional().catch(undefined);

export const profileInput = z.object({ name: text, locale }).superRefine((v, ctx) =>
  firstFailed(
    [
      [!v.name, messages.nameRequired, "name"],
      [v.name.length > NAME_MAX_LENGTH, messages.nameTooLong, "name"],
    ],
    ctx,
  ),
);
export type ProfileInput = z.infer<typeof profileInput>;

export const passwordChangeInput = (minLength: number) =>
  z.object({ currentPassword: secret, newPassword: secret, confirmPassword: secret }).superRefine((v, ctx) =>
    firstFailed(
      [
        [!v.currentPassword || !v.newPassword || !v.confirmPassword, messages.fillAllPasswordFields],
        ...newPasswordChecks(v.newPassword, v.confirmPassword, minLength, {
          mismatch: messages.newPasswordsDoNotMatch,
          short: messages.newPasswordTooShort(minLength),
          field: "newPassword",
        }),
      ],
      ctx,
    ),
  );
export type PasswordChangeInput = z.infer<ReturnType<typeof passwordChangeInput>>;

export const forgotPasswordInput = z.object({ email: text }).superRefine((v, ctx) =>
  firstFailed(
    [
      [!v.email, messages.fillAllFields],
      [!isEmail(v.email), messages.invalidEmail, "email"],
    ],
    ctx,
  ),
);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = (minLength: number) =>
  z.object({ token: text, password: secret, confirmPassword: secret }).superRefine((v, ctx) =>
    firstFailed(
      [
        [!v.token, messages.resetLinkInvalid],
        [!v.password || !v.confirmPassword, messages.fillAllFields],
        ...newPasswordChecks(v.password, v.confirmPassword, minLength, {
          mismatch: messages.passwordsDoNotMatch,
          short: messages.passwordTooShort(minLength),
        }),
      ],
      ctx,
    ),
  );
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordInput>>;

/** Deleting an account: the password, or for an account without one (Google only) the email typed out. */
export const deleteAccountInput = z.object({ password: secret, confirmEmail: text });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** Characters no redirect target of ours holds: backslashes, controls (a browser drops tabs and newlines), encoded slashes. */
const UNSAFE_REDIRECT = /[\\\u0000-\u001f\u007f]|%2f|%5c/i;

/**
 * The one check of every place a browser is sent back to (`redirectTo`, Better Auth's
 * `callbackURL`, `errorCallbackURL`, `newUserCallbackURL`, a reset link's target): `target`
 * resolved against the site's `origin`, as the path (with query and fragment) that a browser
 * resolves to the same place; `/` for anything of another origin, anything not a string, and any
 * spelling with a backslash, a control character or an encoded slash or backslash.
 */
export function safeRedirect(target: unknown, origin: string): string {
  const fallback = "/";
  if (typeof target !== "string" || !target || UNSAFE_REDIRECT.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as a host.
  return url.origin === new URL(origin).origin && !path.startsWith("//") ? path : fallback;
}
