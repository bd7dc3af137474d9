import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { signingIdentities } from "../db/schema.ts";

/** A signing identity as kept: its certificate chain (PEM) and its private key, sealed. */
export interface KeptIdentity {
  chainPem: string;
  sealedKey: string;
}

/** The SQL of the site's kept signing identities (decision 030). */
export function createSigningIdentityRepository(db: Db) {
  return {
    async find(name: string): Promise<KeptIdentity | undefined> {
      const [row] = await db.select({ chainPem: signingIdentities.chainPem, sealedKey: signingIdentities.sealedKey }).from(signingIdentities).where(eq(signingIdentities.name, name));
      return row;
    },

    /** Keeps `identity` under `name` unless one is kept already; either way, the one kept (instances that race agree on the first). */
    async keepFirst(name: string, identity: KeptIdentity): Promise<KeptIdentity> {
      await db.insert(signingIdentities).values({ name, ...identity }).onConflictDoNothing();
      const kept = await this.find(name);
      if (!kept) throw new Error(`The signing identity "${name}" was not kept`);
      return kept;
    },
  };
}

export type SigningIdentityRepository = ReturnType<typeof createSigningIdentityRepository>;
