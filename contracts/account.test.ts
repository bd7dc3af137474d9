import { describe, expect, it } from "vitest";
import { hasRole, roles, type Role, type Viewer } from "./account.ts";

const viewer = (role: Role): Viewer => ({ id: "a", name: "A", email: "a@example.com", role, creatorId: null });

describe("hasRole", () => {
  it("gives each role what the roles below it may do, and a signed-out visitor nothing", () => {
    const held = Object.fromEntries(roles.map((role) => [role, roles.filter((needed) => hasRole(viewer(role), needed))]));
    expect(held).toEqual({ member: ["member"], creator: ["member", "creator"], admin: ["member", "creator", "admin"] });
    expect(roles.filter((needed) => hasRole(null, needed))).toEqual([]);
  });
});
