import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { emitEvent } from "@/lib/webhooks/emit";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { createDeveloper, personalActor } from "@/test/fixtures";
import { accountWebhooks } from "./account-webhooks";

describe("the account page's webhook panel", () => {
  it("shows each endpoint and its last day's deliveries, never a payload or a secret", async () => {
    const dev = await createDeveloper();
    const { endpoint, secret } = await createEndpoint(personalActor(dev.id, "127.0.0.1"), {
      url: "https://hooks.example.com/v",
      environment: "live",
      event_types: ["scan.completed"],
    });
    const data = { session_id: "s", vitals: { heart_rate: 71 } };
    for (let i = 0; i < 3; i++)
      await emitEvent(db, { developerId: dev.id, environment: "live", type: "scan.completed", data });
    const [first] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, take: 1 });
    await db.webhookDelivery.update({ where: { id: first.id }, data: { status: "failed" } });
    const panel = await accountWebhooks(dev.id);
    expect(panel).toEqual([
      {
        id: endpoint.id,
        url: "https://hooks.example.com/v",
        environment: "live",
        event_types: ["scan.completed"],
        enabled: true,
        disabled_reason: null,
        last_success_at: null,
        last_day: { succeeded: 0, failed: 1, pending: 2 },
      },
    ]);
    expect(JSON.stringify(panel)).not.toContain(secret.slice(6));
    expect(await accountWebhooks((await createDeveloper()).id)).toEqual([]);
  });
});
