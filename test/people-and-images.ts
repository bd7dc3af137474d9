import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Viewer } from "#contracts/account";
import { scratchDir } from "./scratch-dir.ts";
import { createImportRepository } from "../server/catalog/import/import-repository.ts";
import { createImportService } from "../server/catalog/import/import-service.ts";
import type { Db } from "../server/db/database.ts";
import { images, user } from "../server/db/schema.ts";
import { createLogger, type Logger } from "../server/logger.ts";
import { createImageFiles } from "../server/media/image-files.ts";
import type { Imaging } from "../server/media/image-pool.ts";
import { localDiskStorage } from "../server/media/local-disk-storage.ts";
import { createMediaRepository } from "../server/media/media-repository.ts";
import type { MediaStorage } from "../server/media/storage.ts";
import { distinctImage, TEST_LICENSE_URL, TEST_IMAGING } from "../server/media/test-images.ts";

/** People and images for tests of any room: real rows, images through the real import path. */

/** Media storage in a scratch folder, removed after the file's tests. */
export function scratchMedia() {
  return localDiskStorage(scratchDir("media"));
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

/** The import service as createServices builds it, on `db` and `media` (silent, the test license, a small image pool unless told). */
export function testImportService(db: Db, media: MediaStorage, options: { log?: Logger; licenseUrl?: string; imaging?: Imaging } = {}) {
  const { log = createLogger("silent"), licenseUrl = TEST_LICENSE_URL, imaging = TEST_IMAGING } = options;
  const mediaRepository = createMediaRepository(db);
  const files = createImageFiles({ media, repository: mediaRepository, licenseUrl, imaging });
  return createImportService({ repository: createImportRepository(db), mediaRepository, files, media, log, imaging });
}

let added = 0;

/** Imports a `width` × `height` JPEG titled `title`, a picture of its own; returns the new image's id. */
export async function addImage(db: Db, media: MediaStorage, title: string, size = { width: 96, height: 64 }): Promise<number> {
  const seed = ++added;
  const importer = testImportService(db, media);
  const sourceId = randomUUID();
  await importer.importItem({ source: "test", sourceId, title, file: () => distinctImage(size.width, size.height, seed) });
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.source, "test"), eq(images.sourceId, sourceId)));
  return row!.id;
}
