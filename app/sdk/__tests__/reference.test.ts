import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { flushRequestLog } from "@/lib/request-log/record-request";
import { REFERENCE_LIMITS } from "@/lib/sessions/reference";
import { expectError } from "@/test/expect-error";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { uniqueIp } from "@/test/ip";
import { useSettings } from "@/test/limit-stores";
import {
  type Call,
  mintClientToken,
  mintedToken,
  pollResult,
  startSession,
  TOKEN_ORIGIN,
  uploadComplete,
  uploadTensor,
} from "@/test/sdk-client";

// A scan's reference to the developer's own records (docs/api.md, "References"): given at
// session start or at a client token's mint, answered back with the result, validated.

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Each test's settings; taken back after it.
let before: Record<string, string | undefined> = {};
const useEnv = (values: Record<string, string>) => {
  before = useSettings(values);
};
afterEach(() => {
  useSettings(before);
  before = {};
});

const REFERENCE = { client_reference_id: "order_8812:visit-3", metadata: { clinic: "north", cohort: "b.2" } };

/** start (with `body`) -> upload -> complete, then the poll. */
async function scan(call: Call, body: Record<string, unknown>) {
  const started = await startSession(call, body);
  expect(started.status).toBe(200);
  const { session_id, upload_url } = await started.json();
  expect((await uploadTensor(upload_url, new Uint8Array(1024))).status).toBe(200);
  const completed = await uploadComplete(call, { session_id });
  expect(completed.status).toBe(200);
  const polled = await pollResult(call, session_id);
  return { sessionId: session_id as string, completed: await completed.json(), polled: await polled.json() };
}

describe("client_reference_id and metadata", () => {
  it.each([
    ["one PostgreSQL statement", { RATE_LIMIT_STORE: "postgres" }],
    [
      "the Redis script and the statement",
      { RATE_LIMIT_STORE: "redis", REDIS_URL, REDIS_KEY_PREFIX: `ref:${process.pid}:` },
    ],
    ["the general path", { RATE_LIMIT_STORE: "memory" }],
  ])("are kept by a session started through %s and answered with its result", async (_reader, storeEnv) => {
    useEnv({ ...storeEnv, PERSIST_VITALS: "true" });
    const { test } = await createDeveloperWithKeys();
    const { sessionId, completed, polled } = await scan({ key: test.key, ip: uniqueIp() }, REFERENCE);
    expect(completed).toMatchObject({ status: "completed", ...REFERENCE });
    expect(polled).toMatchObject({ status: "completed", ...REFERENCE });
    const row = await db.session.findUniqueOrThrow({ where: { id: sessionId } });
    expect({ ref: row.clientReferenceId, metadata: row.metadata }).toEqual({
      ref: REFERENCE.client_reference_id,
      metadata: REFERENCE.metadata,
    });
  });

  it("file the scan's requests in the request log under the reference", async () => {
    useEnv({ PERSIST_VITALS: "true", REQUEST_LOG: "on" });
    const { developer, test } = await createDeveloperWithKeys();
    await scan({ key: test.key, ip: uniqueIp() }, REFERENCE);
    const token = await mintedToken(test.key, { client_reference_id: "bound-9" });
    await scan({ key: token, ip: uniqueIp(), headers: { origin: TOKEN_ORIGIN } }, {});
    await flushRequestLog();
    const rows = await db.requestLog.findMany({ where: { developerId: developer.id }, orderBy: { id: "asc" } });
    const filed = rows.map((r) => `${r.path.replace(/[0-9a-f-]{36}/, ":id")} ${r.clientReferenceId}`);
    expect(filed).toEqual([
      `/sdk/session/start ${REFERENCE.client_reference_id}`,
      `/sdk/session/upload-complete ${REFERENCE.client_reference_id}`,
      `/sdk/session/result/:id ${REFERENCE.client_reference_id}`,
      "/sdk/client-token null",
      "/sdk/session/start bound-9",
      "/sdk/session/upload-complete bound-9",
      "/sdk/session/result/:id bound-9",
    ]);
  });

  it("are left out of the answers of a session that has none", async () => {
    useEnv({ PERSIST_VITALS: "true" });
    const { test } = await createDeveloperWithKeys();
    const { completed, polled } = await scan({ key: test.key, ip: uniqueIp() }, {});
    for (const answer of [completed, polled]) {
      expect(answer).not.toHaveProperty("client_reference_id");
      expect(answer).not.toHaveProperty("metadata");
    }
  });

  it("bind a client token: its sessions carry the minted reference, which the page cannot replace", async () => {
    const { test } = await createDeveloperWithKeys();
    const token = await mintedToken(test.key, { ...REFERENCE, max_scans: 3 });
    const page: Call = { key: token, ip: uniqueIp(), headers: { origin: TOKEN_ORIGIN } };
    const { completed } = await scan(page, {});
    expect(completed).toMatchObject(REFERENCE);
    for (const body of [{ client_reference_id: "someone-else" }, { metadata: { clinic: "south" } }]) {
      const refused = await startSession(page, body);
      const error = await expectError(refused, 400, "INVALID_REQUEST");
      expect(error.message).toContain("minted with");
    }
    // A token minted without a reference lets the page give one.
    const open = await mintedToken(test.key);
    const { completed: own } = await scan({ ...page, key: open }, { client_reference_id: "page-given" });
    expect(own.client_reference_id).toBe("page-given");
  });

  it("are validated at session start and at mint: 400 with the reason, no session, no token", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    const L = REFERENCE_LIMITS;
    const tooMany = Object.fromEntries(Array.from({ length: L.metadataKeys + 1 }, (_, i) => [`k${i}`, "v"]));
    const bad: [unknown, string][] = [
      [{ client_reference_id: "" }, "client_reference_id"],
      [{ client_reference_id: "a".repeat(L.referenceIdLength + 1) }, "client_reference_id"],
      [{ client_reference_id: "has space" }, "client_reference_id"],
      [{ client_reference_id: 42 }, "client_reference_id"],
      [{ metadata: "x" }, "metadata"],
      [{ metadata: { ok: 1 } }, "metadata"],
      [{ metadata: tooMany }, "at most 20 keys"],
      [{ metadata: { ["k".repeat(L.metadataKeyLength + 1)]: "v" } }, "metadata keys"],
      [{ metadata: { "bad key": "v" } }, "metadata keys"],
      [{ metadata: { note: "v".repeat(L.metadataValueLength + 1) } }, "at most 500"],
      [{ metadata: { note: "line\u0000break" } }, "control characters"],
    ];
    for (const [body, reason] of bad) {
      const started = await startSession({ key: test.key, ip: uniqueIp() }, body);
      expect((await expectError(started, 400, "INVALID_REQUEST")).message).toContain(reason);
      const minted = await mintClientToken(
        { key: test.key, ip: uniqueIp() },
        { origins: [TOKEN_ORIGIN], ...(body as object) },
      );
      expect((await expectError(minted, 400, "INVALID_REQUEST")).message).toContain(reason);
    }
    expect(await db.session.count({ where: { developerId: developer.id } })).toBe(0);
    expect(await db.clientToken.count({ where: { apiKey: { developerId: developer.id } } })).toBe(0);
    // At the limits exactly: accepted.
    const full = {
      client_reference_id: "r".repeat(L.referenceIdLength),
      metadata: Object.fromEntries(
        Array.from({ length: L.metadataKeys }, (_, i) => [
          `${i}`.padEnd(L.metadataKeyLength, "k"),
          "v".repeat(L.metadataValueLength),
        ]),
      ),
    };
    expect((await startSession({ key: test.key, ip: uniqueIp() }, full)).status).toBe(200);
  });
});
