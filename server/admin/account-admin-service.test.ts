import { messages } from "#contracts/account-forms";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../../test/database.ts";
import { refusal } from "../../test/refusal.ts";
import { accountsInstance, browserHeaders, cookiesFrom } from "../auth/test-accounts.ts";
import { auditLog, session } from "../db/schema.ts";
import { createAuditRepository } from "../audit/audit-repository.ts";
import { createAuditService } from "../audit/audit-service.ts";
import { createAccountAdminRepository } from "./account-admin-repository.ts";
import { createAccountAdminService } from "./account-admin-service.ts";

const { db } = await testDatabase();
const { accounts } = accountsInstance(db);
const accountAdmin = createAccountAdminService({ repository: createAccountAdminRepository(db) });
const audit = createAuditService({ audit: createAuditRepository(db) });

let people = 0;
/** A new account signed in from its own browser: its email, cookies and the viewer the site sees. */
async function signUp() {
  const email = `Person${++people}@Example.test`;
  const password = "correct horse battery";
  const cookies = cookiesFrom(await accounts.signUp({ name: `Person ${people}`, email, password, confirmPassword: password }, browserHeaders("203.0.113.9")));
  const viewer = async () => accounts.viewer(browserHeaders("203.0.113.9", cookies));
  return { email, password, cookies, viewer, id: (await viewer())!.id };
}

describe("roles", () => {
  it("starts every account as a member; the command line makes the first admin, whatever the case of the address", async () => {
    const pat = await signUp();
    expect(await pat.viewer()).toMatchObject({ role: "member", creatorId: null });
    const { before, account } = await accountAdmin.setRoleByEmail(pat.email.toUpperCase(), "admin");
    expect(before).toBe("member");
    expect(account.role).toBe("admin");
    expect((await pat.viewer())!.role).toBe("admin");
    expect((await refusal(accountAdmin.setRoleByEmail("nobody@example.test", "admin"))).message).toBe("No account has the email address nobody@example.test");
  });

  it("lets an admin make a member a creator, and refuses members and the admin's own demotion", async () => {
    const admin = await signUp();
    await accountAdmin.setRoleByEmail(admin.email, "admin");
    const sam = await signUp();
    const adminViewer = await admin.viewer();

    const refused = await refusal(accountAdmin.setRole(await sam.viewer(), sam.id, "admin"));
    expect(refused).toMatchObject({ code: "FORBIDDEN", message: "Only admins can do this" });
    expect((await refusal(accountAdmin.setRole(null, sam.id, "admin"))).code).toBe("UNAUTHENTICATED");
    expect((await sam.viewer())!.role).toBe("member");

    expect((await accountAdmin.setRole(adminViewer, sam.id, "creator")).role).toBe("creator");
    expect((await sam.viewer())!.role).toBe("creator");
    expect((await refusal(accountAdmin.setRole(adminViewer, admin.id, "member"))).message).toBe("You cannot remove your own admin role");
    expect((await refusal(accountAdmin.setRole(adminViewer, "no-such-account", "creator"))).code).toBe("NOT_FOUND");

    const { entries } = await audit.recent(adminViewer);
    expect(entries.find((e) => e.targetId === sam.id)).toMatchObject({
      actorId: admin.id,
      actorLabel: admin.email.toLowerCase(),
      action: "account.role",
      targetType: "account",
      details: { from: "member", to: "creator" },
    });
    expect((await refusal(audit.recent(await sam.viewer()))).code).toBe("FORBIDDEN");
  });

  it("writes command-line changes to the audit log as made by the command line", async () => {
    const kim = await signUp();
    await accountAdmin.setRoleByEmail(kim.email, "creator");
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, kim.id));
    expect(rows).toMatchObject([{ actorId: null, actorLabel: "command line", action: "account.role", details: { from: "member", to: "creator" } }]);
  });
});

describe("disabling an account", () => {
  it("signs it out everywhere at once, refuses its sign-in with a clear message, and lets it in again once enabled", async () => {
    const admin = await signUp();
    await accountAdmin.setRoleByEmail(admin.email, "admin");
    const lee = await signUp();
    const secondBrowser = cookiesFrom(await accounts.signIn({ email: lee.email, password: lee.password }, browserHeaders("198.51.100.7")));

    const disabled = await accountAdmin.setDisabled(await admin.viewer(), lee.id, true);
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    expect(await lee.viewer()).toBeNull();
    expect(await accounts.viewer(browserHeaders("198.51.100.7", secondBrowser))).toBeNull();
    expect(await db.select().from(session).where(eq(session.userId, lee.id))).toEqual([]);

    const refused = await refusal(accounts.signIn({ email: lee.email, password: lee.password }, browserHeaders("203.0.113.9")));
    expect(refused).toMatchObject({ code: "FORBIDDEN", message: messages.accountDisabled });
    expect(await db.select().from(session).where(eq(session.userId, lee.id))).toEqual([]);

    await accountAdmin.setDisabled(await admin.viewer(), lee.id, false);
    const back = cookiesFrom(await accounts.signIn({ email: lee.email, password: lee.password }, browserHeaders("203.0.113.9")));
    expect((await accounts.viewer(browserHeaders("203.0.113.9", back)))!.email).toBe(lee.email.toLowerCase());

    const actions = (await db.select().from(auditLog).where(eq(auditLog.targetId, lee.id))).map((row) => row.action);
    expect(actions).toEqual(["account.disable", "account.enable"]);
  });

  it("refuses an admin disabling their own account, and members disabling anyone", async () => {
    const admin = await signUp();
    await accountAdmin.setRoleByEmail(admin.email, "admin");
    const other = await signUp();
    expect((await refusal(accountAdmin.setDisabled(await admin.viewer(), admin.id, true))).message).toBe("You cannot disable your own account");
    expect((await refusal(accountAdmin.setDisabled(await other.viewer(), admin.id, true))).code).toBe("FORBIDDEN");
    expect((await admin.viewer())!.role).toBe("admin");
  });
});

describe("finding accounts", () => {
  it("finds accounts by part of the name or email, treating % and _ as themselves", async () => {
    const admin = await signUp();
    await accountAdmin.setRoleByEmail(admin.email, "admin");
    const found = await accountAdmin.search(await admin.viewer(), admin.email.slice(0, -4).toUpperCase(), 1);
    expect(found.accounts.map((m) => m.id)).toContain(admin.id);
    expect(found.nextPage).toBeNull();
    expect(await accountAdmin.search(await admin.viewer(), "100%_", 1)).toEqual({ accounts: [], nextPage: null });
  });
});
