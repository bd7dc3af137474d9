/** Runs `work` when the browser has a moment, within half a second (Safari has no requestIdleCallback: a task of its own then); returns its cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}

const queue = new Set<() => void>();
let waiting = false;

function takeTurn(): void {
  waiting = true;
  whenIdle(() => {
    waiting = false;
    const [work] = queue;
    if (work) {
      queue.delete(work);
      work();
    }
    if (queue.size) takeTurn();
  });
}

/**
 * Runs `work` in a moment when the browser has one, after the work queued before it: one piece
 * per moment, so that what 30 cards put off (their controls, their placeholders) never lands in
 * one long task, as it did when each waited for idleness on its own and all of them timed out
 * together behind hydration. Returns its cancel.
 */
export function whenIdleInTurn(work: () => void): () => void {
  queue.add(work);
  if (!waiting) takeTurn();
  return () => queue.delete(work);
}
