import { jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { ID_TOKEN_ALG, signingKey } from "./signing-key";
import { unixSeconds } from "@/lib/time";

// ID tokens of the developer API: short-lived ES256 JWTs. `sv` carries the developer's
// sessionVersion, so a password reset (which bumps it) ends every token issued before.
export const ID_TOKEN_AUDIENCE = "vitals-developer-api";

export function idTokenIssuer(): string {
  return new URL(env().APP_URL).origin;
}

export type IdToken = { id_token: string; token_type: "Bearer"; expires_in: number };

/** `org` names the organization the token acts for (docs/teams.md); the personal one by default. */
export async function issueIdToken(
  developer: { id: string; sessionVersion: number },
  now = new Date(),
  organizationId: string = developer.id,
): Promise<IdToken> {
  const key = await signingKey();
  const ttl = env().ID_TOKEN_TTL_SECONDS;
  const iat = unixSeconds(now);
  const idToken = await new SignJWT({ sv: developer.sessionVersion, org: organizationId })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(idTokenIssuer())
    .setAudience(ID_TOKEN_AUDIENCE)
    .setSubject(developer.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(key.privateKey);
  return { id_token: idToken, token_type: "Bearer", expires_in: ttl };
}

// Only our own key, by its kid, and only ES256: "alg: none", an HS256 token signed with the
// public key, or a token naming another kid never reach signature checking with a usable key.
const ourKey: JWTVerifyGetKey = async (header) => {
  const key = await signingKey();
  if (header.alg !== ID_TOKEN_ALG || header.kid !== key.kid) throw new Error("unknown signing key");
  return key.publicJwk;
};

/** Checks signature, algorithm, kid, issuer, audience and expiry; any failure is 401 UNAUTHORIZED. */
export async function verifyIdToken(
  token: string,
  now = new Date(),
): Promise<{ developerId: string; sessionVersion: number; organizationId: string }> {
  try {
    const { payload } = await jwtVerify(token, ourKey, {
      algorithms: [ID_TOKEN_ALG],
      issuer: idTokenIssuer(),
      audience: ID_TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sv !== "number") throw new Error("missing claims");
    // A token from before teams names no organization: it acts for the personal one.
    const organizationId = typeof payload.org === "string" ? payload.org : payload.sub;
    return { developerId: payload.sub, sessionVersion: payload.sv, organizationId };
  } catch {
    throw new ApiError("UNAUTHORIZED", "The ID token is missing, invalid or expired; sign in again");
  }
}

/** The JSON Web Key Set published at /.well-known/jwks.json. */
export async function jwks(): Promise<{ keys: object[] }> {
  return { keys: [(await signingKey()).publicJwk] };
}
