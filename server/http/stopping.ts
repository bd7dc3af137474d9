import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/** How long a connection left idle by a stop may stay open: a client that sent a request just then is still answered. */
const IDLE_GRACE_MS = 1000;
/** How often idle connections are closed after the grace (a response sent before the stop leaves its connection idle later). */
const IDLE_SWEEP_MS = 100;

/**
 * Stopping `server` under traffic without cutting a request (issue #27). From `stop()` on: no
 * new connection is accepted; every request in flight, and every one still arriving on an
 * open connection, is answered with `Connection: close`, which ends its connection after the
 * answer; connections idle past a short grace are closed. Resolves once no connection is left.
 */
export function stoppable(server: Server): { stop(): Promise<void> } {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return closeAfterAnswer(res);
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  return {
    stop() {
      stopping = true;
      for (const res of inFlight) closeAfterAnswer(res);
      inFlight.clear();
      let sweep: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        server.closeIdleConnections();
        sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      }, IDLE_GRACE_MS);
      return new Promise<void>((resolve) => {
        // net.Server's close, not http.Server's: that one also closes idle connections at once,
        // cutting a request that a client sends on one at that moment.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(grace);
          clearInterval(sweep);
          resolve();
        });
      });
    },
  };
}
