import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./password-policy";
import { verifyPassword, hashPassword } from "./password";

describe("common-password check", () => {
  it.each([
    "123qweasdzxc",
    "qwertyuiop123",
    "Password1234!",
    "passwordpassword",
    "aaaaaaaaaaaa",
    "123456789012",
    "0987654321098",
    "LeaveMeAlone",
    "abcabcabcabc",
  ])("refuses %s", (p) => expect(isCommonPassword(p)).toBe(true));
  it.each(["correct horse battery staple", "Tr0ub4dor&3-extended", "vitals-portal-2026-oak", "73920184756301"])(
    "accepts %s",
    (p) => expect(isCommonPassword(p)).toBe(false),
  );
});

describe("argon2id hashing", () => {
  it("uses the OWASP parameters and verifies only the right password; no hash never verifies", async () => {
    const h = await hashPassword("a long enough passphrase");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, "a long enough passphrase")).toBe(true);
    expect(await verifyPassword(h, "a long enough passphrasE")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
