import { hasRole, type Role, type Viewer } from "#contracts/account";
import { AppError } from "../errors.ts";

/** The viewer, when they hold `role` or one above it; else 401 (signed out) or 403. */
export function requireRole(viewer: Viewer | null, role: Role): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please sign in to continue");
  if (!hasRole(viewer, role)) {
    throw new AppError("FORBIDDEN", role === "admin" ? "Only admins can do this" : "Only creators and admins can do this");
  }
  return viewer;
}
