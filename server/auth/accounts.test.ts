import { messages } from "#contracts/account-forms";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkIn, mailsTo, waitForMail } from "../../test/peers/smtp.ts";
import { testDatabase } from "../../test/database.ts";
import { account, images, likes, session, user, verification } from "../db/schema.ts";
import { addImage, scratchMedia } from "../../test/people-and-images.ts";
import { createLikesRepository } from "../engagement/likes-repository.ts";
import { AppError } from "../errors.ts";
import { refusal } from "../../test/refusal.ts";
import { BASE_URL, accountsInstance, browserHeaders, cookiesFrom, smtpPeer } from "./test-accounts.ts";

const { db } = await testDatabase();
const smtp = await smtpPeer();
const { auth, accounts } = accountsInstance(db, { SMTP_URL: smtp.url });

let people = 0;
/** A new account, signed in from `ip`; its browser's cookies. */
async function signUp(ip = "203.0.113.1", password = "correct horse battery") {
  const email = `person${++people}@example.test`;
  const set = await accounts.signUp({ name: `Person ${people}`, email, password, confirmPassword: password }, browserHeaders(ip));
  return { email, password, cookies: cookiesFrom(set), ip };
}

describe("sign-up and sign-in", () => {
  it("signs the new person in with an HttpOnly, SameSite=Lax session cookie", async () => {
    const set = await accounts.signUp(
      { name: "Zoë Åberg 日本", email: "zoe@example.test", password: "a fine passphrase", confirmPassword: "a fine passphrase" },
      browserHeaders("203.0.113.9"),
    );
    const sessionCookie = set.getSetCookie().find((c) => c.startsWith("stockroom.session_token="))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
    const viewer = await accounts.viewer(browserHeaders("203.0.113.9", cookiesFrom(set)));
    expect(viewer).toMatchObject({ name: "Zoë Åberg 日本", email: "zoe@example.test" });
  });

  it("marks the session cookie Secure when the site is served over https", async () => {
    const secure = accountsInstance(db, { BASE_URL: "https://images.example.test" });
    const headers = new Headers({ origin: "https://images.example.test", "x-stockroom-client-ip": "203.0.113.10" });
    const set = await secure.accounts.signUp(
      { name: "Sam", email: "sam@example.test", password: "another passphrase", confirmPassword: "another passphrase" },
      headers,
    );
    expect(set.getSetCookie().find((c) => c.includes("session_token="))).toMatch(/Secure/);
  });

  it("answers a wrong password and an unknown email with the same words", async () => {
    const { email } = await signUp();
    const wrongPassword = await refusal(accounts.signIn({ email, password: "not the password" }, browserHeaders("203.0.113.2")));
    const unknown = await refusal(accounts.signIn({ email: "nobody@example.test", password: "whatever it is" }, browserHeaders("203.0.113.2")));
    expect(wrongPassword.message).toBe(messages.invalidCredentials);
    expect(unknown.message).toBe(wrongPassword.message);
    expect(unknown.code).toBe(wrongPassword.code);
  });

  it("refuses one of the most common passwords and creates nothing", async () => {
    const error = await refusal(
      accounts.signUp({ name: "Pat", email: "pat@example.test", password: "Password1", confirmPassword: "Password1" }, browserHeaders("203.0.113.3")),
    );
    expect(error.message).toBe(messages.passwordTooCommon);
    expect(await db.select().from(user).where(eq(user.email, "pat@example.test"))).toEqual([]);
  });

  it("refuses a 10,000-character name or password and an existing email, creating nothing", async () => {
    const long = "x".repeat(10_000);
    const headers = browserHeaders("203.0.113.4");
    expect((await refusal(accounts.signUp({ name: long, email: "long@example.test", password: "a fine passphrase", confirmPassword: "a fine passphrase" }, headers))).message).toBe(
      messages.nameTooLong,
    );
    expect((await refusal(accounts.signUp({ name: "Long", email: "long@example.test", password: long, confirmPassword: long }, headers))).message).toBe(
      messages.passwordTooLong,
    );
    expect(await db.select().from(user).where(eq(user.email, "long@example.test"))).toEqual([]);
    const { email } = await signUp();
    expect((await refusal(accounts.signUp({ name: "Again", email, password: "a fine passphrase", confirmPassword: "a fine passphrase" }, headers))).message).toBe(
      messages.emailTaken,
    );
  });

  it("says Google sign-in is not available when it is not configured", async () => {
    const error = await refusal(accounts.startGoogleSignIn({ callbackURL: "/", errorCallbackURL: "/login" }, browserHeaders("203.0.113.5")));
    expect(error.message).toBe("Google sign-in is not available on this server");
  });

  it("fails Google sign-in with no words of its own (the screen's fallback) when the provider cannot be reached", async () => {
    const unreachable = accountsInstance(db, { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_ISSUER: "http://127.0.0.1:9" });
    const error = await refusal(unreachable.accounts.startGoogleSignIn({ callbackURL: "/", errorCallbackURL: "/login" }, browserHeaders("203.0.113.6")));
    expect(error.code).toBe("INTERNAL");
  });
});

describe("rate limits", () => {
  it("stops sign-in attempts on one account after the limit, from any IP, saying when to retry", async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < 10; i++) {
      await refusal(accounts.signIn({ email, password: "wrong guess" }, browserHeaders(`198.51.100.${i}`)));
    }
    const error = await refusal(accounts.signIn({ email, password }, browserHeaders("198.51.100.200")));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(error.details?.retryAfter).toBeGreaterThan(840);

    // The owner gets in through a reset link.
    await accounts.requestPasswordReset({ email }, browserHeaders("198.51.100.200"));
    const token = new URL(linkIn(await waitForMail(smtp.dir, email), BASE_URL)).searchParams.get("token")!;
    await accounts.resetPassword({ token, password: "owner is back", confirmPassword: "owner is back" }, browserHeaders("198.51.100.200"));
    await accounts.signIn({ email, password: "owner is back" }, browserHeaders("198.51.100.200"));
  });

  it("never locks the owner's browser out: a browser that signed in before gets in whatever a stranger tried", async () => {
    const owner = await signUp("203.0.113.30");
    expect(owner.cookies).toMatch(/stockroom\.device=/);
    for (let i = 0; i < 10; i++) await refusal(accounts.signIn({ email: owner.email, password: "wrong guess" }, browserHeaders("198.51.100.40")));
    const stranger = await refusal(accounts.signIn({ email: owner.email, password: "one more guess" }, browserHeaders("198.51.100.40")));
    expect(stranger.code).toBe("RATE_LIMITED");
    expect(stranger.details?.retryAfter).toBeGreaterThan(0);
    // A third browser, at a third address, that never signed in to the account: the account's limit holds it too.
    const newcomer = await refusal(accounts.signIn({ email: owner.email, password: owner.password }, browserHeaders("198.51.100.41")));
    expect(newcomer.code).toBe("RATE_LIMITED");
    // Another account's device cookie, or a forged one, is no key to this account.
    const other = await signUp("203.0.113.31");
    const forged = other.cookies.replace(/stockroom\.device=[^;]+/, "stockroom.device=forged");
    for (const cookies of [other.cookies, forged]) {
      expect((await refusal(accounts.signIn({ email: owner.email, password: owner.password }, browserHeaders("198.51.100.42", cookies)))).code).toBe("RATE_LIMITED");
    }
    await accounts.signIn({ email: owner.email, password: owner.password }, browserHeaders(owner.ip, owner.cookies));
  });

  it("stops sign-ins from one IP across accounts, counted in the database shared by instances", async () => {
    const one = accountsInstance(db, { AUTH_RATE_LIMIT_PER_IP: "4", AUTH_RATE_LIMIT_WINDOW: "120" });
    const two = accountsInstance(db, { AUTH_RATE_LIMIT_PER_IP: "4", AUTH_RATE_LIMIT_WINDOW: "120" });
    const ip = "192.0.2.77";
    for (let i = 0; i < 4; i++) {
      const instance = i % 2 === 0 ? one : two;
      await refusal(instance.accounts.signIn({ email: `guess${i}@example.test`, password: "some password" }, browserHeaders(ip)));
    }
    const error = await refusal(one.accounts.signIn({ email: "guess9@example.test", password: "some password" }, browserHeaders(ip)));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toBe("Too many attempts. Please try again in 2 minutes.");
    // Another address is not affected, and the window's end frees the first one.
    await expect(one.accounts.signIn({ email: "guess0@example.test", password: "x" }, browserHeaders("192.0.2.78"))).rejects.toMatchObject({
      message: messages.invalidCredentials,
    });
    await db.execute(sql`update rate_limit set reset_at = now() - interval '1 second' where key like ${"%" + ip}`);
    await expect(one.accounts.signIn({ email: "guess0@example.test", password: "x" }, browserHeaders(ip))).rejects.toMatchObject({
      message: messages.invalidCredentials,
    });
  });
});

describe("password reset", () => {
  it("mails an account that chose German in German, its link under /de/", async () => {
    const person = await signUp("203.0.113.21");
    await accounts.updateProfile({ name: "Greta", locale: "de" }, browserHeaders(person.ip, person.cookies));
    expect(await accounts.viewer(browserHeaders(person.ip, person.cookies))).toMatchObject({ locale: "de" });
    await accounts.requestPasswordReset({ email: person.email }, browserHeaders("203.0.113.21"));
    const mail = await waitForMail(smtp.dir, person.email);
    expect(mail.subject).toBe("Setze dein Stockroom-Passwort zurück");
    expect(mail.body).toContain("Hallo Greta,");
    expect(mail.body).toContain("Der Link funktioniert einmal und läuft in 60 Minuten ab.");
    expect(new URL(linkIn(mail, BASE_URL)).pathname).toBe("/de/reset-password");
  });

  it("keeps an account's language from the page it signed up on, and refuses one the site does not speak", async () => {
    const email = "japanese@example.test";
    const set = await accounts.signUp({ name: "Haru", email, password: "a long passphrase", confirmPassword: "a long passphrase", locale: "ja" }, browserHeaders("203.0.113.22"));
    const headers = browserHeaders("203.0.113.22", cookiesFrom(set));
    expect(await accounts.viewer(headers)).toMatchObject({ locale: "ja" });
    await expect(auth.api.updateUser({ body: { locale: "xx" } as unknown as { name: string }, headers })).rejects.toThrow("Invalid option");
    expect(await accounts.viewer(headers)).toMatchObject({ locale: "ja" });
  });

  it("mails a link that works once, then the old password fails and every session ends", async () => {
    const person = await signUp();
    await accounts.requestPasswordReset({ email: person.email }, browserHeaders("203.0.113.20"));
    const mail = await waitForMail(smtp.dir, person.email);
    expect(mail.subject).toBe("Reset your Stockroom password");
    const link = new URL(linkIn(mail, BASE_URL));
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;
    expect(await accounts.resetTokenUsable(token)).toBe(true);

    await accounts.resetPassword({ token, password: "brand new secret", confirmPassword: "brand new secret" }, browserHeaders("203.0.113.20"));
    expect(await accounts.viewer(browserHeaders(person.ip, person.cookies))).toBeNull();
    await expect(accounts.signIn({ email: person.email, password: person.password }, browserHeaders("203.0.113.20"))).rejects.toMatchObject({
      message: messages.invalidCredentials,
    });
    await accounts.signIn({ email: person.email, password: "brand new secret" }, browserHeaders("203.0.113.20"));

    // Replayed: refused, and the password stays the new one.
    expect(await accounts.resetTokenUsable(token)).toBe(false);
    const replay = await refusal(
      accounts.resetPassword({ token, password: "third password here", confirmPassword: "third password here" }, browserHeaders("203.0.113.20")),
    );
    expect(replay.message).toBe(messages.resetLinkInvalid);
    await accounts.signIn({ email: person.email, password: "brand new secret" }, browserHeaders("203.0.113.20"));
  });

  it("ends every other link and every other session, and keeps the visitor who reset signed in", async () => {
    const person = await signUp("203.0.113.23");
    // Signed in from two browsers; the one that resets is a third.
    const laptop = browserHeaders(person.ip, person.cookies);
    const phone = browserHeaders("203.0.113.24", cookiesFrom(await accounts.signIn({ email: person.email, password: person.password }, browserHeaders("203.0.113.24"))));
    for (const browser of [laptop, phone]) expect((await accounts.viewer(browser))?.email).toBe(person.email);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await accounts.requestPasswordReset({ email: person.email }, browserHeaders("203.0.113.25"));
      tokens.push(new URL(linkIn(await waitForMail(smtp.dir, person.email, i + 1), BASE_URL)).searchParams.get("token")!);
    }
    const [first, second] = tokens as [string, string];
    expect(await accounts.resetTokenUsable(first)).toBe(true);

    const reset = await accounts.resetPassword({ token: second, password: "the reset one", confirmPassword: "the reset one" }, browserHeaders("203.0.113.25"));
    const resetter = browserHeaders("203.0.113.25", cookiesFrom(reset));
    expect((await accounts.viewer(resetter))?.email).toBe(person.email);
    for (const browser of [laptop, phone]) expect(await accounts.viewer(browser)).toBeNull();

    expect(await accounts.resetTokenUsable(first)).toBe(false);
    const late = await refusal(accounts.resetPassword({ token: first, password: "the stale link", confirmPassword: "the stale link" }, browserHeaders("203.0.113.26")));
    expect(late.message).toBe(messages.resetLinkInvalid);
    expect((await accounts.viewer(resetter))?.email).toBe(person.email);
    await accounts.signIn({ email: person.email, password: "the reset one" }, browserHeaders("203.0.113.23"));
  });

  it("refuses an expired link and leaves the password as it was", async () => {
    const person = await signUp();
    await accounts.requestPasswordReset({ email: person.email }, browserHeaders("203.0.113.21"));
    const token = new URL(linkIn(await waitForMail(smtp.dir, person.email), BASE_URL)).searchParams.get("token")!;
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, person.email));
    await db.update(verification).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(verification.value, owner!.id));

    expect(await accounts.resetTokenUsable(token)).toBe(false);
    const error = await refusal(
      accounts.resetPassword({ token, password: "brand new secret", confirmPassword: "brand new secret" }, browserHeaders("203.0.113.21")),
    );
    expect(error.message).toBe(messages.resetLinkInvalid);
    await accounts.signIn({ email: person.email, password: person.password }, browserHeaders("203.0.113.21"));
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    await expect(accounts.requestPasswordReset({ email: "stranger@example.test" }, browserHeaders("203.0.113.22"))).resolves.toBeUndefined();
    expect(mailsTo(smtp.dir, "stranger@example.test")).toEqual([]);
  });
});

describe("profile and password", () => {
  it("renames the account, and refuses an empty or 10,000-character name, keeping the old one", async () => {
    const person = await signUp();
    const headers = browserHeaders(person.ip, person.cookies);
    await accounts.updateProfile({ name: "Ada Lovelace" }, headers);
    expect((await accounts.viewer(headers))?.name).toBe("Ada Lovelace");
    expect((await refusal(accounts.updateProfile({ name: "x".repeat(10_000) }, headers))).message).toBe(messages.nameTooLong);
    expect((await refusal(accounts.updateProfile({ name: "" }, headers))).message).toBe(messages.nameRequired);
    expect((await accounts.viewer(headers))?.name).toBe("Ada Lovelace");
  });

  it("refuses a 10,000-character password at sign-in with the same words whether or not the account exists", async () => {
    const person = await signUp();
    const known = await refusal(accounts.signIn({ email: person.email, password: "p".repeat(10_000) }, browserHeaders(person.ip)));
    const unknown = await refusal(accounts.signIn({ email: "nobody@example.test", password: "p".repeat(10_000) }, browserHeaders(person.ip)));
    expect(known.message).toBe(messages.passwordTooLong);
    expect(unknown.message).toBe(known.message);
  });

  it("refuses a password change with a wrong current password and changes nothing", async () => {
    const person = await signUp();
    const error = await refusal(
      accounts.changePassword(
        { currentPassword: "not my password", newPassword: "new passphrase", confirmPassword: "new passphrase" },
        browserHeaders(person.ip, person.cookies),
      ),
    );
    expect(error.message).toBe(messages.wrongCurrentPassword);
    await accounts.signIn({ email: person.email, password: person.password }, browserHeaders(person.ip));
    await expect(accounts.signIn({ email: person.email, password: "new passphrase" }, browserHeaders(person.ip))).rejects.toBeInstanceOf(AppError);
  });

  it("changes the password with the current one and signs out the other sessions", async () => {
    const person = await signUp();
    const other = cookiesFrom(await accounts.signIn({ email: person.email, password: person.password }, browserHeaders("203.0.113.30")));
    const set = await accounts.changePassword(
      { currentPassword: person.password, newPassword: "new passphrase", confirmPassword: "new passphrase" },
      browserHeaders(person.ip, person.cookies),
    );
    const kept = cookiesFrom(set, person.cookies);
    expect(await accounts.viewer(browserHeaders(person.ip, kept))).toMatchObject({ email: person.email });
    expect(await accounts.viewer(browserHeaders("203.0.113.30", other))).toBeNull();
    await accounts.signIn({ email: person.email, password: "new passphrase" }, browserHeaders(person.ip));
  });
});

describe("deleting an account", () => {
  const media = scratchMedia();

  it("removes its likes, lowers each liked image's count by exactly one and ends its sessions", async () => {
    const leaving = await signUp();
    const staying = await signUp();
    const leavingViewer = (await accounts.viewer(browserHeaders(leaving.ip, leaving.cookies)))!;
    const stayingViewer = (await accounts.viewer(browserHeaders(staying.ip, staying.cookies)))!;
    const [a, b, c] = [await addImage(db, media, "A"), await addImage(db, media, "B"), await addImage(db, media, "C")];
    const likesRepo = createLikesRepository(db);
    await likesRepo.like(leavingViewer.id, a);
    await likesRepo.like(leavingViewer.id, b);
    await likesRepo.like(stayingViewer.id, a);
    await likesRepo.like(stayingViewer.id, c);

    const wrong = await refusal(accounts.deleteAccount({ password: "not it", confirmEmail: "" }, browserHeaders(leaving.ip, leaving.cookies)));
    expect(wrong.message).toBe(messages.wrongPassword);
    expect(await accounts.viewer(browserHeaders(leaving.ip, leaving.cookies))).not.toBeNull();

    const set = await accounts.deleteAccount({ password: leaving.password, confirmEmail: "" }, browserHeaders(leaving.ip, leaving.cookies));
    expect(cookiesFrom(set, leaving.cookies)).not.toContain("session_token");
    const counts = Object.fromEntries((await db.select({ id: images.id, likes: images.likes }).from(images)).map((r) => [r.id, r.likes]));
    expect([counts[a], counts[b], counts[c]]).toEqual([1, 0, 1]);
    expect(await db.select().from(likes).where(eq(likes.userId, leavingViewer.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, leavingViewer.id))).toEqual([]);
    expect(await accounts.viewer(browserHeaders(leaving.ip, leaving.cookies))).toBeNull();
    await expect(accounts.signIn({ email: leaving.email, password: leaving.password }, browserHeaders(leaving.ip))).rejects.toMatchObject({
      message: messages.invalidCredentials,
    });
  });

  it("deletes an account confirmed with a password that has since joined the common list", async () => {
    const leaving = await signUp("203.0.113.77");
    const viewer = (await accounts.viewer(browserHeaders(leaving.ip, leaving.cookies)))!;
    // Chosen when it was not yet common; the list of common passwords grew since.
    const nowCommon = "password123";
    const hash = await (await auth.$context).password.hash(nowCommon);
    await db.update(account).set({ password: hash }).where(eq(account.userId, viewer.id));

    await accounts.deleteAccount({ password: nowCommon, confirmEmail: "" }, browserHeaders(leaving.ip, leaving.cookies));
    expect(await db.select().from(user).where(eq(user.id, viewer.id))).toEqual([]);
  });

  it("still refuses a common password where a new one is chosen", async () => {
    const person = await signUp("203.0.113.78");
    const error = await refusal(
      accounts.changePassword({ currentPassword: person.password, newPassword: "password123", confirmPassword: "password123" }, browserHeaders(person.ip, person.cookies)),
    );
    expect(error.message).toBe(messages.passwordTooCommon);
  });
});
