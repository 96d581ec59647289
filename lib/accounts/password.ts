import { hash, verify } from "@node-rs/argon2";

// argon2id at OWASP's minimum recommended parameters: 19 MiB, 2 passes, 1 lane (~25-60 ms).
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

// A hash of a random, discarded string with the same parameters. Verifying against it costs
// what a real verify costs, so an unknown address takes as long as a wrong password.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$9+/Xi5Ekm0plkdwgCJxZ8Q$ItzbwZjK0ClqB9h4JZHB42UComqEH+7TeN7AXusQ6DI";

/** Stored where no password may sign in (not an argon2 hash: every verify fails). */
export const NO_PASSWORD = "none: the mailbox's holder chooses one";

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verifies against the stored hash, or against the dummy hash when there is no account. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? DUMMY_HASH, password);
    return ok && storedHash !== null && storedHash !== undefined;
  } catch {
    // A malformed stored hash is a failed login, never a 500.
    return false;
  }
}
