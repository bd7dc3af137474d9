import type { Viewer } from "#contracts/account";
import type { AuditRecord, AuditRepository } from "./audit-repository.ts";
import { requireRole } from "../access/permissions.ts";

const AUDIT_PAGE_SIZE = 50;

/** The audit log as admins read it. */
export interface AuditService {
  /** Admins: one page of entries, newest first, older than entry `before` when given; `older` is the next page's `before`. */
  recent(viewer: Viewer | null, before?: number): Promise<{ entries: AuditRecord[]; older: number | null }>;
}

export function createAuditService(deps: { audit: AuditRepository }): AuditService {
  return {
    async recent(viewer, before) {
      requireRole(viewer, "admin");
      const entries = await deps.audit.recent(AUDIT_PAGE_SIZE, before);
      return { entries, older: entries.length === AUDIT_PAGE_SIZE ? entries.at(-1)!.id : null };
    },
  };
}
