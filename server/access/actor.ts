import type { Viewer } from "#contracts/account";

/** Who acted: a signed-in admin, or an operator at the command line. */
export type Actor = { kind: "account"; id: string; email: string } | { kind: "command-line" };

export const COMMAND_LINE: Actor = { kind: "command-line" };

/** An admin acting in the browser, as the audit log names them. */
export function actorOf(viewer: Viewer): Actor {
  return { kind: "account", id: viewer.id, email: viewer.email };
}
