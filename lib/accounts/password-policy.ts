import { dictionary } from "@zxcvbn-ts/language-common";
import { ApiError } from "@/lib/http/errors";

// "Not a common password" (docs/api.md, "Accounts"): the ~49k most common passwords of
// zxcvbn-ts, compared case-insensitively, plus the usual padding of a common word to reach
// the minimum length ("password1234", "qwertyqwerty", "aaaaaaaaaaaa").
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

function isRepetition(s: string): boolean {
  for (let size = 1; size <= s.length / 2; size++) {
    if (s.length % size === 0 && s.slice(0, size).repeat(s.length / size) === s) return true;
  }
  return false;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower) || isRepetition(lower)) return true;
  // A common word with digits or symbols added before or after.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (core.length >= 4 && core !== lower && (list.has(core) || isRepetition(core))) return true;
  const digitsOnly = /^[0-9]+$/.test(lower);
  return digitsOnly && isSequence(lower);
}

function isSequence(digits: string): boolean {
  const up = "012345678901234567890123456789";
  const down = "987654321098765432109876543210";
  return up.includes(digits) || down.includes(digits);
}

/** Throws 400 INVALID_REQUEST when the password is too common (length is checked by the schema). */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new ApiError(
      "INVALID_REQUEST",
      "Invalid request: password: is too common; choose a longer phrase or a less predictable password",
    );
  }
}
