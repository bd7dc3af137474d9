import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages, passwordChangeInput, profileInput, safeRedirect, signInInput, signUpInput } from "./account-forms.ts";

const firstProblem = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("the account forms", () => {
  it("report the spec's messages in the spec's order, one at a time", () => {
    const signUp = signUpInput(6);
    expect(firstProblem(signUp.safeParse({}))).toBe("Please fill in all fields");
    expect(firstProblem(signUp.safeParse({ name: "  ", email: "a@b.co", password: "abcdef", confirmPassword: "abcdef" }))).toBe("Please fill in all fields");
    expect(firstProblem(signUp.safeParse({ name: "A", email: "not an email", password: "abc", confirmPassword: "abd" }))).toBe("Passwords do not match");
    expect(firstProblem(signUp.safeParse({ name: "A", email: "not an email", password: "abc", confirmPassword: "abc" }))).toBe(
      "Password must be at least 6 characters long",
    );
    expect(firstProblem(signUp.safeParse({ name: "A", email: "not an email", password: "abcdefg", confirmPassword: "abcdefg" }))).toBe(messages.invalidEmail);
    expect(firstProblem(signInInput.safeParse({ email: "a@b.co" }))).toBe("Please fill in all fields");
    expect(firstProblem(profileInput.safeParse({ name: " \t " }))).toBe("Display name is required");

    const change = passwordChangeInput(8);
    expect(firstProblem(change.safeParse({ currentPassword: "x", newPassword: "y" }))).toBe("Please fill in all password fields");
    expect(firstProblem(change.safeParse({ currentPassword: "x", newPassword: "abc", confirmPassword: "abd" }))).toBe("New passwords do not match");
    expect(firstProblem(change.safeParse({ currentPassword: "x", newPassword: "abcdefg", confirmPassword: "abcdefg" }))).toBe(
      "New password must be at least 8 characters long",
    );
  });

  it("refuse 10,000-character input with a clear message, and keep unicode as typed", () => {
    const long = "é".repeat(10_000);
    expect(firstProblem(signUpInput(6).safeParse({ name: long, email: "a@b.co", password: "abcdefgh", confirmPassword: "abcdefgh" }))).toBe(messages.nameTooLong);
    expect(firstProblem(signUpInput(6).safeParse({ name: "A", email: "a@b.co", password: long, confirmPassword: long }))).toBe(messages.passwordTooLong);
    expect(firstProblem(signInInput.safeParse({ email: `${long}@b.co`, password: "x" }))).toBe(messages.invalidEmail);
    const parsed = signUpInput(6).parse({ name: "  Zoë 日本 🦊 ", email: " zoe@example.test ", password: " spaced pass ", confirmPassword: " spaced pass " });
    expect(parsed).toEqual({ name: "Zoë 日本 🦊", email: "zoe@example.test", password: " spaced pass ", confirmPassword: " spaced pass " });
  });

  it("go back only to places on this site after signing in", () => {
    const origin = "https://stockroom.test";
    expect(safeRedirect("/profile-settings", origin)).toBe("/profile-settings");
    expect(safeRedirect("/?tag=cats#top", origin)).toBe("/?tag=cats#top");
    expect(safeRedirect("https://stockroom.test/images/1-x?y=1", origin)).toBe("/images/1-x?y=1");
    // The spellings the attacker of issue #27 found, and their kin: none leaves the site.
    for (const target of [
      "//evil.example", "https://evil.example/", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)", "data:text/html,x",
      "/.//evil.example", "/..//evil.example", "/./..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/%2f/evil.example",
      "/%5cevil.example", "/\t/evil.example", "/\n/evil.example", "\t//evil.example", " //evil.example", "https:evil.example",
      "http://stockroom.test@evil.example/", "http://evil.example#https://stockroom.test", "", null, undefined, ["/"], 42,
    ]) {
      const safe = safeRedirect(target, origin);
      expect(new URL(safe, origin).origin, JSON.stringify(target)).toBe(origin);
      expect(safe.startsWith("//"), JSON.stringify(target)).toBe(false);
    }
  });

  it("find no spelling of a redirect target that leaves the site (fast-check)", () => {
    const origin = "http://stockroom.test";
    const piece = fc.constantFrom(
      "/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%2F", "%5c", "%252f", "\t", "\n", "\r", " ", "\u0000", "%09", "%00",
      "evil.example", "evil.example:80", "stockroom.test", "@", ":", "http:", "https:", "javascript:", "?", "#", "&", "=",
      "\u3002", "\uff0f", "\u2215", "profile-settings", "images", "0x7f.1", "[::1]",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 10 }).map((pieces) => pieces.join("")), (target) => {
        const safe = safeRedirect(target, origin);
        // As a browser reads a Location header: it drops tabs and newlines, and takes `\` for `/`.
        const asBrowserReads = safe.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
        return safe.startsWith("/") && !asBrowserReads.startsWith("//") && new URL(asBrowserReads, origin).origin === origin;
      }),
      { numRuns: 20_000 },
    );
  });
});
