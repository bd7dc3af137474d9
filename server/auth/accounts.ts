import {
  messages,
  type DeleteAccountInput,
  type ForgotPasswordInput,
  type PasswordChangeInput,
  type ProfileInput,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
} from "#contracts/account-forms";
import { roles, type Role, type Viewer } from "#contracts/account";
import { isOffered } from "#contracts/locales";
import { storableText } from "#contracts/text";
import { isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { AccountsRepository } from "./accounts-repository.ts";
import { GOOGLE_PROVIDER_ID, type Auth } from "./auth.ts";

/** What a browser must store after an account operation: Set-Cookie headers only. */
type CookieHeaders = Headers;

function cookiesOf(headers: Headers): CookieHeaders {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

export interface AccountsService {
  /** The signed-in person behind a request's cookies, or null. */
  viewer(headers: Headers): Promise<Viewer | null>;
  /** Whether the person has a password (false for Google-only accounts). */
  hasPassword(viewer: Viewer): Promise<boolean>;
  signUp(input: SignUpInput, headers: Headers): Promise<CookieHeaders>;
  signIn(input: SignInInput, headers: Headers): Promise<CookieHeaders>;
  /** Starts Google sign-in: the provider URL to send the browser to, with the state cookie. */
  startGoogleSignIn(
    targets: { callbackURL: string; errorCallbackURL: string },
    headers: Headers,
  ): Promise<{ url: string; headers: CookieHeaders }>;
  signOut(headers: Headers): Promise<CookieHeaders>;
  /** Sends a reset link when the address has an account; answers the same either way. */
  requestPasswordReset(input: ForgotPasswordInput, headers: Headers): Promise<void>;
  /** Whether a reset link's token can still be used (not expired, not used). */
  resetTokenUsable(token: string): Promise<boolean>;
  /**
   * Sets a new password from a reset link: every other link and every session of the account
   * end, and the visitor who reset is signed in afresh (the cookies of their new session).
   */
  resetPassword(input: ResetPasswordInput, headers: Headers): Promise<CookieHeaders>;
  updateProfile(input: ProfileInput, headers: Headers): Promise<void>;
  /** Checks the current password, sets the new one and signs out every other session. */
  changePassword(input: PasswordChangeInput, headers: Headers): Promise<CookieHeaders>;
  /** Deletes the account (likes removed, counts corrected) and clears the session cookie. */
  deleteAccount(input: DeleteAccountInput, headers: Headers): Promise<CookieHeaders>;
}

/** Better Auth's error codes that users may meet, in our words. */
const knownErrors: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: messages.invalidCredentials,
  INVALID_EMAIL: messages.invalidEmail,
  USER_ALREADY_EXISTS: messages.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: messages.emailTaken,
  PASSWORD_TOO_LONG: messages.passwordTooLong,
  INVALID_TOKEN: messages.resetLinkInvalid,
  TOKEN_EXPIRED: messages.resetLinkInvalid,
  // Our own `before` hook's refusals (server/auth/auth.ts) carry their message.
  PASSWORD_TOO_COMMON: messages.passwordTooCommon,
  NAME_REQUIRED: messages.nameRequired,
  NAME_TOO_LONG: messages.nameTooLong,
};

/** The role column is checked by the database; anything else read back is treated as the least. */
function parseRole(value: string | null | undefined): Role {
  return roles.find((role) => role === value) ?? "member";
}

export function createAccountsService(deps: {
  auth: Auth;
  repository: AccountsRepository;
  passwordMinLength: number;
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  googleEnabled: boolean;
  log: Logger;
}): AccountsService {
  const { auth, repository, passwordMinLength, googleEnabled, log } = deps;

  /** Runs a Better Auth call, turning its refusals into AppErrors users can read. */
  async function call<T>(run: () => Promise<T>, overrides: Record<string, string> = {}): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!isAPIError(error)) throw error;
      const body = (error.body ?? {}) as { code?: string; message?: string; retryAfter?: number };
      if (error.statusCode === 429) {
        const retryAfter = body.retryAfter ?? 60;
        throw new AppError("RATE_LIMITED", messages.tooManyAttempts(retryAfter), { retryAfter });
      }
      const code = body.code ?? "";
      if (code === "PASSWORD_TOO_SHORT") throw new AppError("BAD_REQUEST", messages.passwordTooShort(passwordMinLength));
      if (code === "TEXT_NOT_STORABLE" && body.message) throw new AppError("BAD_REQUEST", body.message);
      const message = overrides[code] ?? knownErrors[code];
      if (code === "ACCOUNT_DISABLED") throw new AppError("FORBIDDEN", messages.accountDisabled);
      if (message) throw new AppError(error.statusCode === 401 ? "UNAUTHENTICATED" : "BAD_REQUEST", message);
      if (error.statusCode === 401) throw new AppError("UNAUTHENTICATED", messages.signInRequired);
      log.error(`Better Auth refused a request (${error.statusCode} ${code})`, body.message);
      throw new AppError("INTERNAL", body.message ?? "Something went wrong on our side. Please try again.");
    }
  }

  /**
   * The address of the account a usable (not expired, not used) reset link belongs to; undefined
   * for any other token, one PostgreSQL could not even compare (a NUL) included: the reset page
   * reads its link here, outside Better Auth's endpoints and their checks.
   */
  async function resetLinkOwner(token: string): Promise<string | undefined> {
    if (!token || !storableText(token)) return undefined;
    const { internalAdapter } = await auth.$context;
    const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!found || found.expiresAt <= new Date()) return undefined;
    return (await internalAdapter.findUserById(found.value))?.email;
  }

  async function requireViewer(headers: Headers): Promise<Viewer> {
    const viewer = await service.viewer(headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", messages.signInRequired);
    return viewer;
  }

  const service: AccountsService = {
    async viewer(headers) {
      const found = await auth.api.getSession({ headers });
      // A disabled account's sessions are deleted with the disabling; this covers one read in between.
      if (!found || found.user.disabledAt) return null;
      const { id, name, email, role, creatorId, locale } = found.user;
      return { id, name, email, role: parseRole(role), creatorId: creatorId ?? null, ...(isOffered(locale) && { locale }) };
    },

    hasPassword: (viewer) => repository.hasPassword(viewer.id),

    async signUp({ name, email, password, locale }, headers) {
      const result = await call(() =>
        auth.api.signUpEmail({ body: { name, email, password, ...(locale && { locale }) }, headers, returnHeaders: true }),
      );
      return cookiesOf(result.headers);
    },

    async signIn({ email, password }, headers) {
      const result = await call(() =>
        auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers, returnHeaders: true }),
      );
      return cookiesOf(result.headers);
    },

    async startGoogleSignIn({ callbackURL, errorCallbackURL }, headers) {
      if (!googleEnabled) throw new AppError("UNAVAILABLE", messages.googleUnavailable);
      // Configured but unreachable (discovery failed): Better Auth retries discovery here, and
      // a failure becomes the screen's fallback ('Failed to sign in with Google').
      const result = await call(() =>
        auth.api.signInSocial({
          body: {
            provider: GOOGLE_PROVIDER_ID,
            callbackURL,
            newUserCallbackURL: callbackURL,
            errorCallbackURL,
            disableRedirect: true,
          },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.response.url) throw new AppError("INTERNAL", "Google sign-in did not start");
      return { url: result.response.url, headers: cookiesOf(result.headers) };
    },

    async signOut(headers) {
      const result = await call(() => auth.api.signOut({ headers, returnHeaders: true }));
      return cookiesOf(result.headers);
    },

    async requestPasswordReset({ email }, headers) {
      await call(() => auth.api.requestPasswordReset({ body: { email }, headers }));
    },

    async resetTokenUsable(token) {
      return (await resetLinkOwner(token)) !== undefined;
    },

    async resetPassword({ token, password }, headers) {
      // Whose link it is, read before the reset uses it up.
      const email = await resetLinkOwner(token);
      await call(() => auth.api.resetPassword({ body: { token, newPassword: password }, headers }));
      // Better Auth ended every session of the account (revokeSessionsOnPasswordReset); the visitor
      // who just proved to own the address, with the password they chose, signs in through it again.
      return service.signIn({ email: email!, password }, headers);
    },

    async updateProfile({ name, locale }, headers) {
      await requireViewer(headers);
      await call(() => auth.api.updateUser({ body: { name, ...(locale && { locale }) }, headers }));
    },

    async changePassword({ currentPassword, newPassword }, headers) {
      await requireViewer(headers);
      const result = await call(
        () =>
          auth.api.changePassword({
            body: { currentPassword, newPassword, revokeOtherSessions: true },
            headers,
            returnHeaders: true,
          }),
        { INVALID_PASSWORD: messages.wrongCurrentPassword, CREDENTIAL_ACCOUNT_NOT_FOUND: messages.noPasswordYet },
      );
      return cookiesOf(result.headers);
    },

    async deleteAccount({ password, confirmEmail }, headers) {
      const viewer = await requireViewer(headers);
      if (await repository.hasPassword(viewer.id)) {
        if (!password) throw new AppError("BAD_REQUEST", messages.confirmWithPassword);
        await call(() => auth.api.verifyPassword({ body: { password }, headers }), {
          INVALID_PASSWORD: messages.wrongPassword,
        });
      } else if (confirmEmail.toLowerCase() !== viewer.email.toLowerCase()) {
        throw new AppError("BAD_REQUEST", messages.wrongEmailConfirmation);
      }
      await repository.deleteUser(viewer.id);
      log.info(`Account ${viewer.id} deleted at its owner's request`);
      // The session row went with the account; this clears the browser's cookie.
      const result = await call(() => auth.api.signOut({ headers, returnHeaders: true }));
      return cookiesOf(result.headers);
    },
  };
  return service;
}
