import type { Role, Viewer } from "#contracts/account";
import { AppError } from "../errors.ts";

/** Each role may do what the roles before it may. */
const rank: Record<Role, number> = { member: 0, creator: 1, admin: 2 };

export function hasRole(viewer: Viewer | null, role: Role): viewer is Viewer {
  return viewer !== null && rank[viewer.role] >= rank[role];
}

/** The viewer, when they hold `role` or one above it; else 401 (signed out) or 403. */
export function requireRole(viewer: Viewer | null, role: Role): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please sign in to continue");
  if (!hasRole(viewer, role)) {
    throw new AppError("FORBIDDEN", role === "admin" ? "Only admins can do this" : "Only creators and admins can do this");
  }
  return viewer;
}
