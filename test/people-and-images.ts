import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Viewer } from "#contracts/account";
import { scratchDir } from "../../test/scratch-dir.ts";
import { createImportService } from "../catalog/import/import-service.ts";
import type { Db } from "../db/database.ts";
import { images, user } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { localDiskStorage } from "../media/local-disk-storage.ts";
import type { MediaStorage } from "../media/storage.ts";
import { distinctImage, TEST_LICENSE_URL, TEST_IMAGING } from "../media/test-images.ts";

/** People and images for engagement tests: real rows, images through the real import path. */

/** Media storage in a scratch folder, removed after the file's tests. */
export function scratchMedia() {
  return localDiskStorage(scratchDir("engagement"));
}

/** `count` people with accounts (rows only: these tests talk to services, not to sign-in). */
export async function addPeople(db: Db, count: number): Promise<Viewer[]> {
  const people = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return { id, name: `Person ${i + 1}`, email: `${id}@example.test`, role: "member" as const, creatorId: null };
  });
  await db.insert(user).values(people);
  return people;
}

let added = 0;

/** Imports a `width` × `height` JPEG titled `title`, a picture of its own; returns the new image's id. */
export async function addImage(db: Db, media: MediaStorage, title: string, size = { width: 96, height: 64 }): Promise<number> {
  const seed = ++added;
  const importer = createImportService({ db, media, log: createLogger("silent"), licenseUrl: TEST_LICENSE_URL, imaging: TEST_IMAGING });
  const sourceId = randomUUID();
  await importer.importItem({ source: "test", sourceId, title, file: () => distinctImage(size.width, size.height, seed) });
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.source, "test"), eq(images.sourceId, sourceId)));
  return row!.id;
}
