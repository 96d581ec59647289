import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import * as signup from "@/app/developer/signup/route";
import { reserveSignupAttempt } from "@/lib/accounts/signup-throttle";
import { ApiError } from "@/lib/http/errors";
import { call, smtpPerSuite, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";
import { uniqueIp } from "@/test/ip";

describe("sign-ups per client IP", () => {
  smtpPerSuite(); // account mails go to a real SMTP server, not the file outbox
  const previous = process.env.SIGNUPS_PER_IP_PER_HOUR;
  beforeAll(() => {
    process.env.SIGNUPS_PER_IP_PER_HOUR = "3";
    resetEnv();
  });
  afterAll(() => {
    process.env.SIGNUPS_PER_IP_PER_HOUR = previous;
    resetEnv();
  });

  const signUp = (ip: string, email = uniqueEmail("throttle")) =>
    call(signup.POST, "POST", "/developer/signup", { ip, body: { email, password: STRONG_PASSWORD, name: "Flo" } });

  it("answers 429 RATE_LIMIT_EXCEEDED with Retry-After past the limit, new and existing addresses alike, creating nothing", async () => {
    const ip = uniqueIp();
    const existing = uniqueEmail("taken");
    expect((await signUp(ip, existing)).status).toBe(201);
    expect((await signUp(ip, existing)).status).toBe(201); // the same address again counts too
    expect((await signUp(ip)).status).toBe(201);

    const email = uniqueEmail("fourth");
    const blocked = await signUp(ip, email);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: "RATE_LIMIT_EXCEEDED", retryable: true });
    expect(blocked.body.retryAfter).toBeGreaterThan(3500);
    expect(blocked.body.retryAfter).toBeLessThanOrEqual(3600);
    expect(blocked.headers.get("retry-after")).toBe(String(blocked.body.retryAfter));
    expect(await db.developer.count({ where: { email } })).toBe(0);

    // Another address is not affected.
    expect((await signUp(uniqueIp())).status).toBe(201);
  });

  it("is a sliding hour: the attempts leave the window one by one", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await signUp(ip)).status).toBe(201);
    const now = new Date();
    await expect(reserveSignupAttempt(ip, now)).rejects.toBeInstanceOf(ApiError);
    await expect(reserveSignupAttempt(ip, new Date(now.getTime() + 3601_000))).resolves.toBeUndefined();
  });

  it("counts a burst of parallel attempts one by one: exactly the limit gets through", async () => {
    const ip = uniqueIp();
    const emails = Array.from({ length: 12 }, (_, i) => uniqueEmail(`burst${i}`));
    const answers = await Promise.all(emails.map((email) => signUp(ip, email)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    expect(await db.developer.count({ where: { email: { in: emails } } })).toBe(3);
  });
});
