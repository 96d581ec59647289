import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("gives safe local defaults on a bare machine", () => {
    const e = loadEnv({});
    expect(e.PERSIST_VITALS).toBe(false);
    expect(e.RESULT_TTL_SECONDS).toBe(900);
    expect(e.SESSION_TTL_SECONDS).toBe(900);
    expect(e.MAX_TENSOR_BYTES).toBe(128 * 1024 * 1024);
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.rateLimitStore).toBe("memory");
    expect(e.outboxDir).toBe(".data/outbox");
  });

  it("reads flags and numbers", () => {
    const e = loadEnv({ PERSIST_VITALS: "true", RESULT_TTL_SECONDS: "60", DATABASE_URL: "postgresql://u@h/db" });
    expect(e.PERSIST_VITALS).toBe(true);
    expect(e.RESULT_TTL_SECONDS).toBe(60);
    expect(e.rateLimitStore).toBe("postgres");
  });

  it("counts limits in Redis when REDIS_URL is set, unless told otherwise", () => {
    expect(loadEnv({ DATABASE_URL: "postgresql://u@h/db", REDIS_URL: "redis://127.0.0.1:6379" }).rateLimitStore).toBe(
      "redis",
    );
    expect(loadEnv({ REDIS_URL: "redis://h", RATE_LIMIT_STORE: "postgres" }).rateLimitStore).toBe("postgres");
    expect(() => loadEnv({ RATE_LIMIT_STORE: "redis" })).toThrow(/REDIS_URL: is required when RATE_LIMIT_STORE=redis/);
    expect(() => loadEnv({ REDIS_URL: "http://h" })).toThrow(/REDIS_URL/);
    expect(() => loadEnv({ INFERENCE_QUEUE: "redis" })).toThrow(/REDIS_URL: is required when INFERENCE_QUEUE=redis/);
    expect(loadEnv({}).INFERENCE_QUEUE).toBe("pool");
  });

  it.each([
    ["PERSIST_VITALS", "yes"],
    ["RESULT_TTL_SECONDS", "-5"],
    ["DATABASE_URL", "mysql://x"],
    ["APP_URL", "not a url"],
    ["SMTP_URL", "http://mail"],
    ["STORAGE_DRIVER", "ftp"],
    ["S3_FORCE_PATH_STYLE", "maybe"],
    ["S3_ENDPOINT", "not a url"],
    // Longer than the sweeper leaves a processing session (5 minutes).
    ["INFERENCE_QUEUE_WAIT_MS", "300000"],
  ])("names the bad variable %s", (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(name));
  });

  it("requires S3_BUCKET with the s3 driver, and S3 keys in pairs", () => {
    expect(() => loadEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(() => loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    const e = loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "b" });
    expect(e.S3_REGION).toBe("us-east-1");
    expect(e.S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadEnv({}).STORAGE_DRIVER).toBe("local");
  });

  it("allows loopback webhook receivers only where NODE_ENV says development or test, unless told", () => {
    expect(loadEnv({}).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(loadEnv({ NODE_ENV: "production" }).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).WEBHOOK_ALLOW_LOOPBACK).toBe(true);
    expect(loadEnv({ NODE_ENV: "test" }).WEBHOOK_ALLOW_LOOPBACK).toBe(true);
    expect(loadEnv({ NODE_ENV: "production", WEBHOOK_ALLOW_LOOPBACK: "true" }).WEBHOOK_ALLOW_LOOPBACK).toBe(true);
    expect(loadEnv({ NODE_ENV: "test", WEBHOOK_ALLOW_LOOPBACK: "false" }).WEBHOOK_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadEnv({ WEBHOOK_RETRY_SCHEDULE: "5,x" })).toThrow(EnvError);
  });
});
