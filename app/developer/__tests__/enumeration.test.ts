import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import * as signup from "@/app/developer/signup/route";
import * as login from "@/app/developer/login/route";
import { call, smtpPerSuite, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { verifyPassword } from "@/lib/accounts/password";
import { uniqueIp } from "@/test/ip";

// No account enumeration: an existing address gets the same answer as a new one, through the
// same argon2 work (counted exactly), and about the same time. Timing on a shared machine is
// noisy (other test files run at the same time), so the figures are printed and the margin
// between the lower quartiles is held under the cost of one argon2 run measured alongside:
// the gap that skipping the hash or the dummy verify would open.
const ROUNDS = 20;

const argonCalls = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argonCalls.hash++;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argonCalls.verify++;
      return real.verify(...args);
    },
  };
});

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q)];
}

async function argonCost(): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await timed(() => verifyPassword(null, "some password")));
  return Math.min(...runs);
}

function report(what: string, aName: string, a: number[], bName: string, b: number[], argon: number): number {
  const margin = Math.abs(quantile(a, 0.25) - quantile(b, 0.25));
  console.log(
    `${what}: lower quartile ${aName} ${quantile(a, 0.25).toFixed(1)} ms, ${bName} ${quantile(b, 0.25).toFixed(1)} ms, ` +
      `margin ${margin.toFixed(1)} ms (one argon2 run: ${argon.toFixed(1)} ms); ` +
      `median ${quantile(a, 0.5).toFixed(1)} / ${quantile(b, 0.5).toFixed(1)} ms; ${a.length} runs each`,
  );
  return margin;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

describe("no account enumeration", () => {
  const smtp = smtpPerSuite();

  it("a duplicate sign-up answers exactly like a new one, mails the owner, and takes about as long", async () => {
    const fresh: number[] = [];
    const dup: number[] = [];
    let dev = (await developerWithToken()).dev;
    const body = (email: string) => ({ email, password: STRONG_PASSWORD, name: "Eve" });
    let newAnswer: unknown;
    let dupAnswer: unknown;
    for (let i = 0; i < ROUNDS + 2; i++) {
      // A different existing account each round: the hourly mail cap must not skip the mail.
      dev = (await developerWithToken()).dev;
      const email = uniqueEmail("new");
      const tNew = await timed(async () => {
        const r = await call(signup.POST, "POST", "/developer/signup", { body: body(email) });
        newAnswer = { status: r.status, body: { ...r.body, email: "<email>" } };
      });
      const tDup = await timed(async () => {
        const r = await call(signup.POST, "POST", "/developer/signup", { body: body(dev.email) });
        dupAnswer = { status: r.status, body: { ...r.body, email: "<email>" } };
      });
      if (i >= 2) {
        // the first rounds warm up connections and JIT
        fresh.push(tNew);
        dup.push(tDup);
      }
    }
    expect(dupAnswer).toEqual(newAnswer);
    const argon = await argonCost();
    expect(report("sign-up", "new address", fresh, "existing address", dup, argon)).toBeLessThan(Math.max(20, argon));
    const mail = await smtp.waitFor(dev.email);
    expect(mail.raw).toContain("Someone tried to sign up with your address");
    expect(await db.developer.count({ where: { email: dev.email } })).toBe(1);
  });

  it("login with an unknown address runs the same argon2 verify as a wrong password", async () => {
    const { dev } = await developerWithToken();
    const before = { ...argonCalls };
    await call(login.POST, "POST", "/developer/login", {
      ip: uniqueIp(),
      body: { email: uniqueEmail("ghost"), password: "wrong password 1234" },
    });
    expect(argonCalls.verify - before.verify).toBe(1);
    await call(login.POST, "POST", "/developer/login", {
      ip: uniqueIp(),
      body: { email: dev.email, password: "wrong password 1234" },
    });
    expect(argonCalls.verify - before.verify).toBe(2);
    const beforeSignup = argonCalls.hash;
    await call(signup.POST, "POST", "/developer/signup", {
      body: { email: dev.email, password: STRONG_PASSWORD, name: "Eve" },
    });
    expect(argonCalls.hash - beforeSignup).toBe(1); // a duplicate sign-up still hashes, like a new one
  });

  it("login with an unknown address takes as long as with a wrong password", async () => {
    // A known address is blocked after 10 failures (docs/api.md, "Brute-force protection"):
    // a fresh account every 8 rounds keeps the block out of the measurement.
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil((ROUNDS + 2) / 8) }, () => developerWithToken().then((d) => d.dev)),
    );
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      // A fresh IP every few attempts keeps the brute-force block out of the measurement.
      const ip = uniqueIp();
      // Alternate the order, so neither path always pays for what the first call of a round costs.
      const tryUnknown = () =>
        timed(() =>
          call(login.POST, "POST", "/developer/login", {
            ip,
            body: { email: uniqueEmail("ghost"), password: "wrong password 1234" },
          }),
        );
      const tryWrong = () =>
        timed(() =>
          call(login.POST, "POST", "/developer/login", {
            ip,
            body: { email: accounts[Math.floor(i / 8)].email, password: "wrong password 1234" },
          }),
        );
      let tU: number;
      let tW: number;
      if (i % 2 === 0) {
        tU = await tryUnknown();
        tW = await tryWrong();
      } else {
        tW = await tryWrong();
        tU = await tryUnknown();
      }
      if (i >= 2) {
        unknown.push(tU);
        wrong.push(tW);
      }
    }
    const argon = await argonCost();
    expect(report("login", "unknown address", unknown, "wrong password", wrong, argon)).toBeLessThan(
      Math.max(15, argon),
    );
  });
});
