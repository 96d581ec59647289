import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { addressRefusal, guardedLookup, guardedLookupWith, urlRefusal } from "./target-guard";

// The address rules of docs/webhooks.md, "Where deliveries go", with loopback refused as in
// production unless a test turns it on.

function withLoopback(allowed: boolean) {
  process.env.WEBHOOK_ALLOW_LOOPBACK = String(allowed);
  resetEnv();
}

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  resetEnv();
});

describe("addresses", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::ffff:7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::a00:1",
    "::7f00:1",
    "::ffff:0:7f00:1",
    "fec0::1",
    "2002:7f00:1::",
    "2001:0:4136:e378::1",
    "2001:db8::1",
    "4000::1",
  ])("refuses %s", (address) => {
    withLoopback(false);
    expect(addressRefusal(address)).toMatch(/is a (loopback|private, link-local or reserved) address$/);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111"])("allows the public %s", (address) => {
    withLoopback(false);
    expect(addressRefusal(address)).toBeNull();
  });

  it("allows loopback only when WEBHOOK_ALLOW_LOOPBACK is on, and never the other private ranges", () => {
    withLoopback(true);
    expect(addressRefusal("127.0.0.1")).toBeNull();
    expect(addressRefusal("::1")).toBeNull();
    expect(addressRefusal("10.0.0.1")).not.toBeNull();
    expect(addressRefusal("169.254.169.254")).not.toBeNull();
  });
});

describe("endpoint URLs", () => {
  it.each([
    ["https://hooks.example.com/vitals", null],
    ["https://hooks.example.com:8443/v?x=1", null],
    ["http://hooks.example.com/vitals", "must use https (http only for localhost in development)"],
    ["ftp://hooks.example.com/", "must use https"],
    ["https://user:pw@hooks.example.com/", "must not carry a user name or password"],
    ["not a url", "must be an absolute URL"],
    ["https://localhost/hook", "localhost is a loopback address"],
    ["https://api.localhost/hook", "api.localhost is a loopback address"],
    ["https://[::1]/hook", "::1 is a loopback address"],
    ["https://169.254.169.254/latest", "169.254.169.254 is a private, link-local or reserved address"],
    ["https://0x7f000001/hook", "127.0.0.1 is a loopback address"],
  ])("%s: %s", (url, refusal) => {
    withLoopback(false);
    expect(urlRefusal(url)).toBe(refusal);
  });

  it("takes http to localhost when loopback is allowed (development)", () => {
    withLoopback(true);
    expect(urlRefusal("http://localhost:4000/hook")).toBeNull();
    expect(urlRefusal("http://127.0.0.1:4000/hook")).toBeNull();
    expect(urlRefusal("http://10.0.0.1/hook")).not.toBeNull();
  });
});

describe("resolution at delivery", () => {
  const lookup = (host: string) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) =>
      guardedLookup(host, {}, (err, address) => resolve({ err, address })),
    );

  it("hands over every checked address when asked for all (Node's autoSelectFamily)", async () => {
    withLoopback(true);
    const all = await new Promise<unknown>((resolve) =>
      guardedLookup("localhost", { all: true }, (_err, addresses) => resolve(addresses)),
    );
    expect(Array.isArray(all)).toBe(true);
    expect((all as { address: string }[]).every((a) => ["127.0.0.1", "::1"].includes(a.address))).toBe(true);
  });

  it("refuses a name that resolves to loopback, and hands over a checked address otherwise", async () => {
    withLoopback(false);
    const refused = await lookup("localhost");
    expect(refused.err?.message).toBe("localhost resolves to a loopback address");
    withLoopback(true);
    const allowed = await lookup("localhost");
    expect(allowed.err).toBeNull();
    expect(["127.0.0.1", "::1"]).toContain(allowed.address);
  });

  it("refuses a name if any of its addresses is private, whatever the others", async () => {
    withLoopback(true);
    const resolving = (addresses: string[]) =>
      guardedLookupWith((_host, _opts, cb) =>
        cb(
          null,
          addresses.map((address) => ({ address, family: 4 })),
        ),
      );
    const answer = (addresses: string[]) =>
      new Promise<Error | null>((resolve) => resolving(addresses)("hooks.example.com", {}, (err) => resolve(err)));
    // The address is not told: the resolver must not map internal names for anyone.
    expect((await answer(["93.184.216.34", "10.0.0.5"]))?.message).toBe(
      "hooks.example.com resolves to a private, link-local or reserved address",
    );
    expect((await answer(["169.254.169.254"]))?.message).toContain("a private, link-local or reserved address");
    expect(await answer(["93.184.216.34"])).toBeNull();
  });
});
