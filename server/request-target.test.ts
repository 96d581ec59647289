import { describe, expect, it } from "vitest";
import { originForm } from "./request-target";

describe("originForm", () => {
  it.each([
    ["/health", "/health"],
    ["/", "/"],
    ["/health/", "/health"],
    ["/sdk/session/start/?from=x", "/sdk/session/start?from=x"],
    ["//evil.com/health", "/evil.com/health"],
    ["/developer//keys///", "/developer/keys"],
    ["http://127.0.0.1:3000/sdk/session/start", "/sdk/session/start"],
    ["http://evil.com/health", "/health"],
    ["HTTPS://user@evil.com:8443/health/?a=b//c", "/health?a=b//c"],
    ["http://evil.com", "/"],
    ["http://evil.com?x=1", "/?x=1"],
    ["/a%2F/b/", "/a%2F/b"],
    ["/health/.", "/health"],
    ["/sdk/session/start/..", "/sdk/session"],
    ["/sdk/x/../session/./start", "/sdk/session/start"],
    ["/sdk/%2E%2e/%2e/health", "/health"],
    ["/../../health", "/health"],
    ["/sdk/session/start\\", "/sdk/session/start"],
    ["/sdk\\session\\start?a=\\", "/sdk/session/start?a=\\"],
    ["/.well/..x", "/.well/..x"],
  ])("serves %s as %s", (target, expected) => {
    expect(originForm(target)).toBe(expected);
  });

  it.each(["*", "health", "ftp://evil.com/health", "evil.com:443"])("finds no path in %s", (target) => {
    expect(originForm(target)).toBeNull();
  });
});
