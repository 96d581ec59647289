import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { clientIp, CLIENT_IP_HEADER } from "./client-ip";

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetEnv();
});

const req = (headers: Record<string, string>) => new Request("http://x/", { headers });

describe("clientIp", () => {
  it("uses the server's socket stamp and ignores X-Forwarded-For by default", () => {
    expect(clientIp(req({ [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.9");
  });

  it("behind a trusted proxy, takes the address the proxy appended (the last one)", () => {
    process.env.TRUST_PROXY = "true";
    resetEnv();
    expect(clientIp(req({ [CLIENT_IP_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.7" }))).toBe(
      "198.51.100.7",
    );
    expect(clientIp(req({ [CLIENT_IP_HEADER]: "10.0.0.2" }))).toBe("10.0.0.2");
  });
});
