import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isWellFormedApiKey } from "./key-format";
import { generateClientToken, isWellFormedClientToken, looksLikeClientToken } from "./client-token-format";

describe("client token format", () => {
  it.each(["test", "live"] as const)("generates %s tokens as ct_%s_ + 64 hex, stored as their SHA-256", (env) => {
    const { token, tokenHash } = generateClientToken(env);
    expect(token).toMatch(new RegExp(`^ct_${env}_[0-9a-f]{64}$`));
    expect(tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(isWellFormedClientToken(token)).toBe(true);
    expect(looksLikeClientToken(token)).toBe(true);
  });

  it("is never mistaken for a key, nor a key for a token", () => {
    const { token } = generateClientToken("live");
    expect(isWellFormedApiKey(token)).toBe(false);
    const key = `ck_live_${"a".repeat(64)}`;
    expect(looksLikeClientToken(key)).toBe(false);
    expect(isWellFormedClientToken(key)).toBe(false);
  });

  it("never repeats a token", () => {
    expect(new Set(Array.from({ length: 1000 }, () => generateClientToken("test").token)).size).toBe(1000);
  });

  it.each([
    "",
    `ct_prod_${"a".repeat(64)}`,
    `ct_live_${"A".repeat(64)}`,
    `ct_live_${"a".repeat(63)}`,
    `ct_live_${"a".repeat(65)}`,
    ` ct_live_${"a".repeat(64)}`,
  ])("rejects malformed token %j", (token) => expect(isWellFormedClientToken(token)).toBe(false));
});
