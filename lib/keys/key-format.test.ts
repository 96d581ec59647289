import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { generateApiKey, hashApiKey, isWellFormedApiKey, keyEnvironment } from "./key-format";

describe("API key format", () => {
  it.each(["test", "live"] as const)("generates %s keys in the spec's format", (env) => {
    const { key, keyHash, prefix } = generateApiKey(env);
    expect(key).toMatch(new RegExp(`^ck_${env}_[0-9a-f]{64}$`));
    expect(key.length).toBeGreaterThanOrEqual(28);
    expect(keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(prefix).toBe(key.slice(0, 12));
    expect(keyEnvironment(key)).toBe(env);
  });

  it("never repeats a key", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey("live").key));
    expect(keys.size).toBe(1000);
  });

  it.each([
    "",
    `ck_prod_${"a".repeat(64)}`,
    `ck_test_${"A".repeat(64)}`,
    `ck_test_${"g".repeat(64)}`,
    `ck_test_${"a".repeat(63)}`,
    `ck_test_${"a".repeat(65)}`,
    ` ck_test_${"a".repeat(64)}`,
  ])("rejects malformed key %j", (key) => {
    expect(isWellFormedApiKey(key)).toBe(false);
  });

  it("hashes deterministically and one-way", () => {
    const { key } = generateApiKey("test");
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toContain(key.slice(8));
  });
});
