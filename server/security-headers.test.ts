import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("forbid framing and sniffing everywhere, and add HSTS only behind an https address", () => {
    const plain = securityHeaders("http://localhost:3000");
    expect(plain).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "frame-ancestors 'none'",
    });
    expect(plain).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders("https://vitals.example.com")["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
  });
});
