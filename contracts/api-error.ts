import { z } from "zod";
import "./zod-config.ts";

/** The body of every error answer of the JSON API. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The query or body field at fault, when there is one. */
    field: z.string().optional(),
    /** For RATE_LIMITED: seconds until a retry may succeed. */
    retryAfter: z.number().int().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
