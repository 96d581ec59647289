import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { env } from "@/lib/env";

// The ES256 key pair of our own identity provider. From ID_TOKEN_PRIVATE_JWK when set (several
// instances must share it); otherwise generated once and kept in DATA_DIR, like the other
// local secrets, so ID tokens survive a restart of the embedded default.
export const ID_TOKEN_ALG = "ES256";
const KEY_FILE = "id-token-key.json";

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

let cached: Promise<SigningKey> | undefined;

export function signingKey(): Promise<SigningKey> {
  cached ??= loadSigningKey().catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/** Tests that change the key settings call this. */
export function resetSigningKey(): void {
  cached = undefined;
}

async function loadSigningKey(): Promise<SigningKey> {
  const configured = env().ID_TOKEN_PRIVATE_JWK;
  const jwk = configured ? parseJwk(configured) : await localJwk();
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d)
    throw new Error("ID_TOKEN_PRIVATE_JWK must be a private P-256 (ES256) JWK");
  const { d: _private, ...publicPart } = jwk;
  const publicJwk: JWK = { kty: publicPart.kty, crv: publicPart.crv, x: publicPart.x, y: publicPart.y };
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const privateKey = (await importJWK(jwk, ID_TOKEN_ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: ID_TOKEN_ALG, use: "sig" } };
}

function parseJwk(text: string): JWK {
  try {
    return JSON.parse(text) as JWK;
  } catch {
    throw new Error("ID_TOKEN_PRIVATE_JWK is not valid JSON");
  }
}

async function localJwk(): Promise<JWK> {
  const file = path.resolve(env().DATA_DIR, KEY_FILE);
  try {
    return JSON.parse(await readFile(file, "utf8")) as JWK;
  } catch {
    const { privateKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
    const jwk = await exportJWK(privateKey);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      // "wx": of two processes starting together, the first file wins and both use it.
      await writeFile(file, JSON.stringify(jwk), { mode: 0o600, flag: "wx" });
      return jwk;
    } catch {
      return JSON.parse(await readFile(file, "utf8")) as JWK;
    }
  }
}
