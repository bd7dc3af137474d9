import { defineConfig } from "drizzle-kit";

/** Used by `npm run db:generate` only: migrations are generated from server/db/schema.ts. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
