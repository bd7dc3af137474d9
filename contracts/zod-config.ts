import { z } from "zod";

/**
 * Zod's global settings, imported before any schema is built: first thing in the server
 * (server/main.ts) and by every contracts module that builds schemas. The first page's
 * components import only the Zod-free modules (catalog-constants.ts, download-cookie.ts),
 * so the browser loads Zod with the pages and dialogs that use it, never with the first page. `jitless`: Zod never probes for
 * `new Function` (it decides when a schema is built), which the pages' Content-Security-Policy
 * forbids (decision 010).
 */
z.config({ jitless: true });
