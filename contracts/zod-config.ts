import { z } from "zod";

/**
 * Zod's global settings, imported before any schema is built: first thing in the browser app
 * (app/root.tsx) and in the server (server/main.ts). `jitless`: Zod never probes for
 * `new Function` (it decides when a schema is built), which the pages' Content-Security-Policy
 * forbids (decision 010).
 */
z.config({ jitless: true });
