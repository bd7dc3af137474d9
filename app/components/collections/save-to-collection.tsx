import { lazy, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { ImageSummary } from "#contracts/catalog";
import { useOpenedDialog } from "~/lib/opened-dialog";
import { loginPathHere, useRootData } from "~/lib/viewer";

const loadDialog = () => import("./save-dialog");
const SaveDialog = lazy(loadDialog);

/** Fetches the dialog's code (and Zod's, which it brings) before it is needed: when its button is pointed at or focused. */
export const preloadSaveDialog = () => void loadDialog();

/**
 * "Save to collection" for an image: `open(opener)` shows the dialog (its own chunk, kept off
 * the first page), or sends an anonymous visitor to sign in and back; when the dialog closes,
 * focus returns to `opener`.
 */
export function useSaveToCollection(image: ImageSummary): {
  open: (opener: HTMLElement | null) => void;
  dialog: ReactNode;
} {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  const { open, dialog } = useOpenedDialog(SaveDialog, { image });
  return {
    open: (from) => (viewer ? open(from) : void navigate(loginPathHere())),
    dialog,
  };
}
