import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import { connect, createServer, type Server as TcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { handleStartSession } from "@/lib/sessions/start-session-handler";
import { VitalsClient } from "@/sdk/src/client";
import { VitalsNetworkError } from "@/sdk/src/errors";
import { serveWithHandler } from "@/server/node-bridge";
import { createDeveloperWithKeys } from "@/test/fixtures";

// A start whose answer is lost on the network, not in the database (docs/api.md, "Safe
// retries"): the session start served as the HTTP server serves it (server/node-bridge.ts),
// behind a proxy that forwards the first request and drops its answer; the SDK's client sends
// the start again with the same Idempotency-Key and gets the session the first one made.

let server: Server;
let proxy: TcpServer;
let proxyPort: number;
let dropNext = false;

beforeAll(async () => {
  server = createHttpServer((req, res) => void serveWithHandler(handleStartSession, req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const target = (server.address() as { port: number }).port;
  proxy = createServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    for (const s of [client, upstream]) s.on("error", () => undefined);
    client.pipe(upstream);
    // The request reaches the server whole; when told, its answer never reaches the client.
    upstream.on("data", (bytes) => {
      if (!dropNext) return void client.write(bytes);
      dropNext = false;
      client.destroy();
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  proxyPort = (proxy.address() as { port: number }).port;
});
afterAll(() => {
  proxy?.close();
  server?.close();
});

const month = () => new Date().toISOString().slice(0, 7);

describe("a session start whose answer the network lost", () => {
  it("sent again with its Idempotency-Key: the same session, one scan", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const client = new VitalsClient({ apiKey: live.key, baseUrl: `http://127.0.0.1:${proxyPort}` });
    const idempotencyKey = randomUUID();
    dropNext = true;
    await expect(client.startSession({ idempotencyKey, clientReferenceId: "visit-9" })).rejects.toBeInstanceOf(
      VitalsNetworkError,
    );
    // The first start was made: its session exists and its scan was counted.
    const made = await db.session.findMany({ where: { developerId: developer.id }, select: { id: true } });
    expect(made).toHaveLength(1);
    const again = await client.startSession({ idempotencyKey, clientReferenceId: "visit-9" });
    expect(again.session_id).toBe(made[0]!.id);
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(1);
    const usage = await db.usageMonth.findUnique({
      where: { developerId_month: { developerId: developer.id, month: month() } },
    });
    expect(usage?.scanCount).toBe(1);

    // Without the key the same loss costs a second scan: what the header is for.
    dropNext = true;
    await expect(client.startSession({ clientReferenceId: "visit-10" })).rejects.toBeInstanceOf(VitalsNetworkError);
    await client.startSession({ clientReferenceId: "visit-10" });
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(3);
  });
});
