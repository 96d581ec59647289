import { describe, expect, it } from "vitest";
import { CLIENT_TOKEN_LIMITS, isExactOrigin, mintClientTokenBody } from "./client-token-schemas";

describe("isExactOrigin", () => {
  it.each([
    "https://app.example.com",
    "http://localhost:3000",
    "https://a.b.example.org:8443",
    "http://127.0.0.1:5173",
    "http://[::1]:8080",
    "https://xn--bcher-kva.example",
  ])("accepts %s", (o) => expect(isExactOrigin(o)).toBe(true));
  it.each([
    "app.example.com",
    "https://app.example.com/",
    "https://app.example.com/path",
    "https://app.example.com?x=1",
    "https://user@app.example.com",
    "https://APP.example.com",
    "https://app.example.com:443",
    "http://app.example.com:80",
    "https://app.example.com:0",
    "https://*.example.com",
    "ws://app.example.com",
    "file:///etc",
    "null",
    "",
  ])("refuses %j", (o) => expect(isExactOrigin(o)).toBe(false));
});

describe("mintClientTokenBody", () => {
  it("defaults to 5 minutes and one scan, and lists each origin once", () => {
    expect(mintClientTokenBody.parse({ origins: ["https://a.example", "https://a.example"] })).toEqual({
      ttl_seconds: CLIENT_TOKEN_LIMITS.defaultTtlSeconds,
      max_scans: 1,
      origins: ["https://a.example"],
    });
    expect(CLIENT_TOKEN_LIMITS.defaultTtlSeconds).toBe(300);
  });

  it("keeps lifetimes to minutes and scans to a handful", () => {
    const origins = ["https://a.example"];
    expect(mintClientTokenBody.safeParse({ origins, ttl_seconds: 900, max_scans: 10 }).success).toBe(true);
    expect(mintClientTokenBody.safeParse({ origins, ttl_seconds: 3600 }).success).toBe(false);
    expect(mintClientTokenBody.safeParse({ origins, max_scans: 100 }).success).toBe(false);
  });
});
