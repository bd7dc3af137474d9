import { lazy, type ReactNode } from "react";
import type { ImageSummary } from "#contracts/catalog";
import { useOpenedDialog } from "~/lib/opened-dialog";

const ReportDialog = lazy(() => import("./report-dialog"));

/** "Report" for an image, anyone's: `open(opener)` shows the dialog (its own chunk); when it closes, focus returns to `opener`. */
export function useReport(image: ImageSummary): {
  open: (opener: HTMLElement | null) => void;
  dialog: ReactNode;
} {
  return useOpenedDialog(ReportDialog, { image });
}
