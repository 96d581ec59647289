import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "@/sdk/src/webhooks";
import { loadEnv } from "@/lib/env";
import { retryDelayMs } from "./attempt-delivery";
import { generateSigningSecret, signedHeaders } from "./signing";

// Deliveries are signed by the Standard Webhooks scheme: the published verifier and the SDK's
// own accept them, and refuse them once anything changed (docs/webhooks.md).

const body = JSON.stringify({ id: "evt_1", type: "webhook.test", created_at: 1, environment: "test", data: {} });
const now = () => Math.floor(Date.now() / 1000);

describe("signatures", () => {
  it("verify with the standardwebhooks package and with the SDK", () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signedHeaders([secret], "evt_1", now(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, headers, secret).id).toBe("evt_1");
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret).type).toBe("webhook.test");
  });

  it("carry one signature per secret during a roll's grace: either secret verifies", () => {
    const [old, fresh] = [generateSigningSecret(), generateSigningSecret()];
    const headers = signedHeaders([fresh, old], "evt_2", now(), body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const s of [old, fresh]) {
      expect(() => new Webhook(s).verify(body, headers)).not.toThrow();
      expect(() => verifyWebhook(body, headers, s)).not.toThrow();
    }
    expect(() => verifyWebhook(body, headers, generateSigningSecret())).toThrow(WebhookVerificationError);
  });

  it("refuse a changed body, id or timestamp, an old delivery and missing headers", () => {
    const secret = generateSigningSecret();
    const t = now();
    const headers = signedHeaders([secret], "evt_3", t, body);
    expect(() => verifyWebhook(body.replace("test", "tesT"), headers, secret)).toThrow("No signature matches");
    expect(() => verifyWebhook(body, { ...headers, "webhook-id": "evt_4" }, secret)).toThrow("No signature matches");
    expect(() => verifyWebhook(body, { ...headers, "webhook-timestamp": String(t + 1) }, secret)).toThrow();
    const stale = signedHeaders([secret], "evt_3", t - 600, body);
    expect(() => verifyWebhook(body, stale, secret)).toThrow("too far from now");
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
    expect(() => verifyWebhook(body, { "webhook-id": "evt_3" }, secret)).toThrow("Missing");
  });
});

describe("retry schedule", () => {
  it("spreads 11 attempts over about three days, each wait jittered by at most 20 %", () => {
    const schedule = loadEnv({}).WEBHOOK_RETRY_SCHEDULE;
    expect(schedule).toHaveLength(10);
    const total = schedule.reduce((a, b) => a + b, 0);
    expect(total / 86_400).toBeGreaterThan(2.5);
    expect(total / 86_400).toBeLessThan(3.5);
    for (let i = 1; i <= schedule.length; i++) {
      expect(retryDelayMs(i, schedule, () => 0)).toBe(schedule[i - 1] * 800);
      expect(retryDelayMs(i, schedule, () => 1)).toBe(schedule[i - 1] * 1200);
    }
    // After the last wait, no more attempts: the delivery is given up.
    expect(retryDelayMs(schedule.length + 1, schedule)).toBeNull();
  });
});
