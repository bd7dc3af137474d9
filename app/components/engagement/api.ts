import type { LikeState, ReportInput } from "#contracts/engagement";
import { api } from "~/lib/api";

export function putLike(id: number, liked: boolean): Promise<LikeState> {
  return api<LikeState>(`/api/images/${id}/like`, { method: liked ? "PUT" : "DELETE" });
}

export function postReport(id: number, report: ReportInput): Promise<unknown> {
  return api(`/api/images/${id}/reports`, { method: "POST", json: report });
}

export function downloadUrl(id: number, size: string): string {
  return `/api/images/${id}/download?size=${size}`;
}
