import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Env } from "@/lib/env";
import { TensorUnreadableError, type StoredObject, type TensorStorage } from "./types";

const PREFIX = "tensors/";
// Working copies for the inference worker; the ref of such a copy in listObjects says so.
const DOWNLOADS = "s3-downloads";
const LOCAL_REF = "file:";
// SigV4 presigned URLs cannot live longer than 7 days.
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

function client(e: Env): S3Client {
  return new S3Client({
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    // Unset keys leave the SDK's default chain (environment, profile, instance role) in charge.
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Otherwise the SDK signs a checksum of the (empty) body into presigned PUT URLs, and the
    // client's real body then fails it; S3-compatible servers also reject unknown checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404;
}

/** Counts bytes through the pipe and fails it the moment it crosses max. */
function byteCap(max: number, sessionId: string): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > max) return done(new TensorUnreadableError(`tensor of ${sessionId} exceeds ${max} bytes`));
      done(null, chunk);
    },
  });
}

/**
 * Working copies on this instance's disk. Normally each is deleted as soon as its scan is done;
 * these are the ones a dead process left, which the sweep removes once their session is gone.
 */
async function localCopies(dir: string): Promise<StoredObject[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const copies = await Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(dir, name)).catch(() => null);
      return (
        info && {
          ref: LOCAL_REF + path.join(dir, name),
          sessionId: name.split(".")[0],
          modifiedAt: info.mtime,
          partial: true,
        }
      );
    }),
  );
  return copies.filter((c) => c !== null);
}

/**
 * STORAGE_DRIVER=s3: clients PUT straight to the bucket with a presigned URL, so this app never
 * sees the upload; it reads the object back only to run inference, and deletes it afterwards.
 */
export function s3TensorStorage(e: Env): TensorStorage {
  const s3 = client(e);
  const Bucket = e.S3_BUCKET!;
  const downloads = path.resolve(e.DATA_DIR, DOWNLOADS);
  const keyOf = (sessionId: string) => `${PREFIX}${sessionId}`;
  const deleteKey = async (Key: string) => {
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  return {
    async uploadUrl(sessionId, expiresAt) {
      const seconds = Math.ceil((expiresAt.getTime() - Date.now()) / 1000);
      // No ContentType in the command: it stays unsigned, so video/webm and octet-stream both work.
      return getSignedUrl(s3, new PutObjectCommand({ Bucket, Key: keyOf(sessionId) }), {
        expiresIn: Math.min(MAX_PRESIGN_SECONDS, Math.max(1, seconds)),
      });
    },

    async tensorBytes(sessionId) {
      // A single PUT to S3 is atomic: an object that exists is a whole upload.
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: keyOf(sessionId) }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async withLocalCopy(sessionId, fn) {
      // The client chose the size of what it PUT; the presigned URL cannot cap it, so the cap
      // is enforced here, before the download (Content-Length) and while it runs (counted).
      const max = e.MAX_TENSOR_BYTES;
      await mkdir(downloads, { recursive: true, mode: 0o700 });
      const file = path.join(downloads, `${sessionId}.${randomBytes(6).toString("hex")}.tensor`);
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(sessionId) })).catch((err) => {
          throw isNotFound(err) ? new TensorUnreadableError(`tensor of ${sessionId} is gone`) : err;
        });
        const body = object.Body as Readable | undefined;
        if (!body) throw new TensorUnreadableError(`tensor of ${sessionId} has no body`);
        if ((object.ContentLength ?? 0) > max) {
          body.destroy();
          throw new TensorUnreadableError(`tensor of ${sessionId} exceeds ${max} bytes`);
        }
        await pipeline(body, byteCap(max, sessionId), createWriteStream(file, { mode: 0o600 }));
        return await fn(file);
      } finally {
        await rm(file, { force: true });
      }
    },

    deleteTensor: (sessionId) => deleteKey(keyOf(sessionId)),

    async listObjects() {
      const objects = await localCopies(downloads);
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          objects.push({
            ref: o.Key,
            sessionId: o.Key.slice(PREFIX.length),
            modifiedAt: o.LastModified ?? new Date(0),
            partial: false,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },

    deleteObject: (ref) =>
      ref.startsWith(LOCAL_REF) ? rm(ref.slice(LOCAL_REF.length), { force: true }) : deleteKey(ref),
  };
}
