import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { resetEnv } from "@/lib/env";

// A real S3-compatible server in the test process (no network here), and the settings that
// point STORAGE_DRIVER=s3 at it. s3rver accepts its fixed key pair S3RVER/S3RVER.
export const S3_TEST_BUCKET = "vitals-test-tensors";

const SETTINGS = [
  "STORAGE_DRIVER",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_FORCE_PATH_STYLE",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
];

export async function startS3Storage() {
  const directory = await mkdtemp(path.join(os.tmpdir(), "vitals-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: S3_TEST_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  resetEnv();
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    /** Keys in the bucket under a prefix, read straight from the server. */
    async keys(prefix = "tensors/"): Promise<string[]> {
      const page = await client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).map((o) => o.Key!);
    },
    /** Writes an object behind the app's back (orphans, oversize objects). */
    async put(key: string, body: Uint8Array): Promise<void> {
      await client.send(new PutObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key, Body: body }));
    },
    async stop(): Promise<void> {
      for (const name of SETTINGS) delete process.env[name];
      resetEnv();
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
