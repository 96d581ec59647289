import { afterEach, describe, expect, it } from "vitest";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import { resetEnv } from "@/lib/env";
import { resetSigningKey, signingKey } from "./signing-key";
import { issueIdToken, verifyIdToken } from "./id-token";

const saved = { DATA_DIR: process.env.DATA_DIR, ID_TOKEN_PRIVATE_JWK: process.env.ID_TOKEN_PRIVATE_JWK };

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
  resetSigningKey();
});

describe("ID token signing key", () => {
  it("is generated once into DATA_DIR (mode 600) and reused after a restart", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "vitals-data-"));
    try {
      process.env.DATA_DIR = dir;
      delete process.env.ID_TOKEN_PRIVATE_JWK;
      resetEnv();
      resetSigningKey();
      const first = await signingKey();
      const file = path.join(dir, "id-token-key.json");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(file, "utf8"))).toHaveProperty("d");
      const token = (await issueIdToken({ id: "00000000-0000-4000-8000-000000000001", sessionVersion: 3 })).id_token;
      resetSigningKey(); // as after a restart
      expect((await signingKey()).kid).toBe(first.kid);
      expect(await verifyIdToken(token)).toEqual({
        developerId: "00000000-0000-4000-8000-000000000001",
        sessionVersion: 3,
        organizationId: "00000000-0000-4000-8000-000000000001",
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("comes from ID_TOKEN_PRIVATE_JWK when set, with its kid", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    process.env.ID_TOKEN_PRIVATE_JWK = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "prod-2026" });
    resetEnv();
    resetSigningKey();
    const key = await signingKey();
    expect(key.kid).toBe("prod-2026");
    expect(key.publicJwk).not.toHaveProperty("d");
  });

  it("refuses a key that is not a private P-256 JWK", async () => {
    const { publicKey } = await generateKeyPair("ES256", { extractable: true });
    process.env.ID_TOKEN_PRIVATE_JWK = JSON.stringify(await exportJWK(publicKey));
    resetEnv();
    resetSigningKey();
    await expect(signingKey()).rejects.toThrow(/private P-256/);
  });
});
