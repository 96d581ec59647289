import { describe, expect, it } from "vitest";
import { isClientAbort, isDependencyDown } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDependencyDown", () => {
  it.each([
    ["Prisma: database not reachable", withCode("Can't reach database server at 127.0.0.1:1", "P1001")],
    [
      "Prisma raw query, adapter kind",
      Object.assign(withCode("Raw query failed", "P2010"), {
        meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } },
      }),
    ],
    ["pg: connection dropped", new Error("Connection terminated unexpectedly")],
    ["pg: broken pooled client", new Error("Client has encountered a connection error and is not queryable")],
    ["socket error", withCode("connect ECONNREFUSED 127.0.0.1:6379", "ECONNREFUSED")],
    [
      "ioredis: retries exhausted",
      Object.assign(new Error("Reached the max retries per request limit (which is 1)."), {
        name: "MaxRetriesPerRequestError",
      }),
    ],
    ["ioredis: closed", new Error("Connection is closed.")],
    ["ioredis: command timeout", new Error("Command timed out")],
    ["wrapped", Object.assign(new Error("query failed"), { cause: withCode("read ECONNRESET", "ECONNRESET") })],
  ])("%s: yes", (_name, err) => {
    expect(isDependencyDown(err)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a constraint violation", withCode("Unique constraint failed", "P2002")],
    ["not an error", "text"],
    ["nothing", undefined],
    ["a client that broke off its body (Node's code is ECONNRESET too)", withCode("aborted", "ECONNRESET")],
    [
      "the same, wrapped by the body's stream",
      Object.assign(new TypeError("terminated"), { cause: withCode("aborted", "ECONNRESET") }),
    ],
  ])("%s: no", (_name, err) => {
    expect(isDependencyDown(err)).toBe(false);
  });
});

describe("isClientAbort", () => {
  it("is Node's aborted body, bare or wrapped, and nothing else", () => {
    expect(isClientAbort(withCode("aborted", "ECONNRESET"))).toBe(true);
    expect(isClientAbort(new Error("aborted"))).toBe(true);
    expect(
      isClientAbort(Object.assign(new TypeError("terminated"), { cause: withCode("aborted", "ECONNRESET") })),
    ).toBe(true);
    expect(isClientAbort(withCode("read ECONNRESET", "ECONNRESET"))).toBe(false);
    expect(isClientAbort(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isClientAbort(undefined)).toBe(false);
  });
});
