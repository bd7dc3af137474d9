import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import type { S3Config } from "../config.ts";
import { isNetworkFailure, rootCause } from "../errors.ts";
import { StorageUnavailableError } from "./storage-unavailable.ts";
import { contentTypeOf, isMediaKey, MEDIA_CACHE_CONTROL, SITE_MEDIA_PATH } from "./keys.ts";
import type { MediaStorage } from "./storage.ts";

/**
 * Uploads larger than one part go up as a multipart upload, this many bytes a part (S3's
 * minimum is 5 MiB), up to PARTS_IN_FLIGHT parts at once: at most 32 MiB buffered per upload.
 */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

const isMissing = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Garage, SeaweedFS, R2…), one object per
 * media key, stored with its content type and `Cache-Control: immutable`, so that a public
 * bucket or a CDN in front of it serves them as this site's /media route does. S3 writes
 * are atomic: an object is visible whole or not at all.
 */
export function s3Storage(settings: S3Config, baseUrl = SITE_MEDIA_PATH): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all accept the
    // newer (CRC32, aws-chunked) ones, and every key already names its bytes' sha256.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  // Whatever any command ends with (after the SDK's own retries): a bucket out of reach or
  // answering 5xx becomes a StorageUnavailableError; a 404 and other refusals stay as they are.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const status = error instanceof S3ServiceException ? (error.$metadata.httpStatusCode ?? 0) : 0;
        if (status >= 500 || isNetworkFailure(error)) throw new StorageUnavailableError(`The bucket ${Bucket} did not answer: ${rootCause(error)}`, { cause: error });
        throw error;
      }
    },
    { step: "initialize", name: "stockroomStorageUnavailable" },
  );
  const checked = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return key;
  };

  const stat = async (key: string) => {
    if (!isMediaKey(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const reason =
          status === 404
            ? `no such bucket${settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`}`
            : status === 403 || status === 400
              ? "access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
              : (error as Error).message || (error as Error).name;
        throw new Error(`Cannot use S3_BUCKET=${Bucket}: ${reason}`);
      }
    },
    async put(key, data, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checked(key), Body: data, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async has(key) {
      return (await stat(key)) !== null;
    },
    stat,
    async read(key, range) {
      if (!isMediaKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // With a range, the whole object's size is the part of Content-Range after the slash.
        const size = range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? "")?.[1]) : (object.ContentLength ?? 0);
        return { stream: object.Body as Readable, size, contentType: contentTypeOf(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isMediaKey(object.Key)) yield { key: object.Key, size: object.Size ?? 0 };
        }
      }
    },
    publicUrl(key) {
      return `${baseUrl}/${key}`;
    },
  };
}
