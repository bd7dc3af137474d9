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

  it("go back only to paths on this site after signing in", () => {
    expect(safeRedirect("/profile-settings")).toBe("/profile-settings");
    expect(safeRedirect("/?tag=cats#top")).toBe("/?tag=cats#top");
    for (const target of ["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeRedirect(target), String(target)).toBe("/");
    }
  });
});
