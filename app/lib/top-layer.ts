/**
 * What must show above the image overlay and any dialog (toasts, the panel after a download):
 * one manual popover in the top layer, kept inside the topmost open modal dialog (decision 036).
 * Outside it, a modal dialog makes it inert: drawn, but neither hit nor clickable. Portal into
 * `topLayer()`; the popover has no box of its own, so what goes in is fixed to the viewport.
 */
let host: HTMLDivElement | undefined;

export function topLayer(): HTMLElement {
  if (!host) {
    host = document.createElement("div");
    host.popover = "manual";
    host.className = "m-0 size-0 overflow-visible border-0 bg-transparent p-0";
    // A dialog opened, closed or removed: the popover follows the topmost.
    new MutationObserver(raiseTopLayer).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  }
  raiseTopLayer();
  return host;
}

/**
 * Moves the popover into the topmost open modal dialog (the last in the document: a dialog
 * opened over another is rendered inside it or after it), or the body when none is open, and
 * shows it above the rest of the top layer.
 */
export function raiseTopLayer(): void {
  if (!host) return;
  const modal = [...document.querySelectorAll("dialog")].filter((dialog) => dialog.matches(":modal")).at(-1);
  const parent = modal ?? document.body;
  if (host.parentElement !== parent) parent.append(host);
  if (!host.matches(":popover-open")) host.showPopover();
}
