import type { UploadStatus } from "#contracts/studio";
import { useT } from "~/i18n/i18n";

/**
 * `reason(upload)`: why a queued upload failed, in the page's language: the message of its
 * failure's code (contracts/studio.ts `uploadFailures`) with what it names, or the server's own
 * English words for a failure that has no code (one from before codes were kept).
 */
export function useFailureReason() {
  const t = useT();
  return ({ failure, reason }: Pick<UploadStatus, "failure" | "reason">): string | null => (failure ? t(`studio.failure.${failure.code}`, failure.values) : reason);
}
