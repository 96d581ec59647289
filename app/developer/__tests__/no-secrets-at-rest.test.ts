import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { setLogSink } from "@/lib/logger";
import * as signup from "@/app/developer/signup/route";
import * as verify from "@/app/developer/verify/route";
import * as login from "@/app/developer/login/route";
import * as forgot from "@/app/developer/forgot-password/route";
import * as reset from "@/app/developer/reset-password/route";
import * as profile from "@/app/developer/profile/route";
import * as keys from "@/app/developer/keys/route";
import { call, uniqueEmail } from "@/test/developer-helpers";
import { uniqueIp } from "@/test/ip";

// After a full run, nothing issued (passwords, keys, ID tokens, mail tokens) is found in the
// database, the logs or the mail outbox, except the links the mails must carry.
describe("no secret at rest", () => {
  let outbox: string;
  const logs: string[] = [];
  let previousSink: ReturnType<typeof setLogSink>;
  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), "vitals-outbox-"));
    process.env.MAIL_OUTBOX_DIR = outbox;
    delete process.env.SMTP_URL;
    resetEnv();
    previousSink = setLogSink((line) => logs.push(line));
  });
  afterAll(async () => {
    setLogSink(previousSink);
    await rm(outbox, { recursive: true, force: true });
  });

  function mailsTo(email: string, count: number): Promise<string[]> {
    return vi.waitFor(
      async () => {
        const texts = await Promise.all((await readdir(outbox)).map((f) => readFile(path.join(outbox, f), "utf8")));
        const mine = texts.filter((t) => t.includes(`To: ${email}`));
        if (mine.length < count) throw new Error(`expected ${count} mails to ${email}, found ${mine.length}`);
        return mine.map((t) => t.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
      },
      { timeout: 10_000, interval: 100 },
    );
  }
  const tokenIn = (mail: string, page: string) => new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail)![1];

  it("finds none in the database, the logs or the outbox", async () => {
    const email = uniqueEmail("secret");
    const ip = uniqueIp();
    const password = "first secret passphrase 1";
    const wrongPassword = "mistyped secret passphrase 2";
    const newPassword = "second secret passphrase 3";
    await call(signup.POST, "POST", "/developer/signup", { body: { email, password, name: "Sam" } });
    const [verifyMail] = await mailsTo(email, 1);
    const verifyToken = tokenIn(verifyMail, "/verify");
    await call(verify.GET, "GET", "/developer/verify", { query: { token: verifyToken } });
    await call(login.POST, "POST", "/developer/login", { ip, body: { email, password: wrongPassword } });
    const first = (await call(login.POST, "POST", "/developer/login", { ip, body: { email, password } })).body
      .id_token as string;
    const live = (
      await call(keys.POST, "POST", "/developer/keys", { token: first, body: { name: "live", environment: "live" } })
    ).body.key as string;
    const test = (
      await call(keys.POST, "POST", "/developer/keys", { token: first, body: { name: "test", environment: "test" } })
    ).body.key as string;
    await call(profile.PATCH, "PATCH", "/developer/profile", { token: first, body: { company: "Secretive Inc" } });
    await call(forgot.POST, "POST", "/developer/forgot-password", { body: { email } });
    const resetMail = (await mailsTo(email, 2)).find((m) => m.includes("/reset-password?token="))!;
    const resetToken = tokenIn(resetMail, "/reset-password");
    expect(
      (
        await call(reset.POST, "POST", "/developer/reset-password", {
          body: { token: resetToken, password: newPassword },
        })
      ).status,
    ).toBe(200);
    const second = (await call(login.POST, "POST", "/developer/login", { ip, body: { email, password: newPassword } }))
      .body.id_token as string;
    expect(second).toBeTruthy();
    expect(live).toMatch(/^ck_live_/);

    const tables = await db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    const dump: string[] = [];
    for (const { table_name } of tables) {
      const rows = await db.$queryRawUnsafe<{ t: string | null }[]>(
        `SELECT json_agg(x)::text AS t FROM "${table_name}" x`,
      );
      dump.push(rows[0].t ?? "");
    }
    const database = dump.join("\n");
    expect(database).toContain(email); // the dump is real
    const mails = (await mailsTo(email, 2)).join("\n");
    const outsideLinks = mails.replace(/\/(verify|reset-password)\?token=[A-Za-z0-9_-]+/g, "<link>");
    const secrets = { password, wrongPassword, newPassword, live, test, first, second, verifyToken, resetToken };
    for (const [name, value] of Object.entries(secrets)) {
      expect(database.includes(value), `${name} in the database`).toBe(false);
      expect(logs.join("\n").includes(value), `${name} in the logs`).toBe(false);
      expect(outsideLinks.includes(value), `${name} in the outbox`).toBe(false);
    }
    expect(mails).toContain(`http://localhost:3000/verify?token=${verifyToken}`);
    expect(mails).toContain(`http://localhost:3000/reset-password?token=${resetToken}`);
  });
});
