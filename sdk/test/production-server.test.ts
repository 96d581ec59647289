import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "@/test/server-process";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { syntheticTensor } from "@/test/tensors";
import { writeFaceVideo } from "../../e2e/fixtures/face-video";
import { EXIT, runCli } from "../src/cli-run.js";
import { VitalsApiError, VitalsClient, type FetchLike } from "../src/index.js";

// The client against the built app behind the real HTTP server, as a customer would use it.
// Asked of the system: a fixed port collided with another service's (3306) on some machines.
let PORT = 0;
let base = "";
const dataDir = `/tmp/vitals-sdk-test-${process.pid}`;
// The sandbox's fixed vitals, with the fixed per-vital quality every result carries (docs/api.md).
const SANDBOX = {
  heart_rate: 72,
  respiratory_rate: 16,
  hrv: 48,
  spo2: 98,
  systolic_bp: 118,
  diastolic_bp: 76,
  confidence: 0.95,
  quality: {
    heart_rate: { confidence: 0.95, snr_db: 6 },
    respiratory_rate: { confidence: 0.8 },
    hrv: { confidence: 0.7, beats: 29 },
    spo2: { confidence: 0.3 },
    blood_pressure: { confidence: 0.2 },
    reasons: [],
  },
};
let server: ChildProcess;

beforeAll(async () => {
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("The production build is missing: run `npm run build` before this test");
  server = await startServerProcess(
    {
      DATABASE_URL: process.env.DATABASE_URL!,
      DATA_DIR: dataDir,
      STORAGE_DIR: `${dataDir}/uploads`,
      // Polling only finds results when they are kept.
      PERSIST_VITALS: "true",
      // The brute-force counter lives in the shared test database, keyed by client IP, and other
      // server tests deliberately get 127.0.0.1 blocked; a proxy header gives each test its own IP.
      TRUST_PROXY: "true",
    },
    PORT,
  );
}, 120_000);

afterAll(() => {
  server?.kill();
});

let ipCounter = 0;
/** Global fetch, seen by the server as coming from an IP of this test's own. */
function fetchFromFreshIp(): FetchLike {
  ipCounter++;
  const ip = `198.18.${process.pid % 250}.${ipCounter}`;
  return (url, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", ip);
    return fetch(url, { ...init, headers });
  };
}

const clientFor = (apiKey: string) => new VitalsClient({ apiKey, baseUrl: base, fetch: fetchFromFreshIp() });

/** The CLI against this server: its exit code and what it wrote. */
async function cli(argv: string[], fetch: FetchLike = fetchFromFreshIp()) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(["scan", "--base-url", base, ...argv], {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: {},
    fetch,
  });
  return { code, out: out.join(""), err: err.join("") };
}

describe("VitalsClient against the production server", () => {
  it("does a whole test-key scan: the sandbox vitals, with rate-limit and usage figures", async () => {
    const { test } = await createDeveloperWithKeys();
    const result = await clientFor(test.key).measure(new Uint8Array(1024), {
      demographics: { age: 35, sex: "X", fitzpatrick: 3 },
    });
    expect(result.status).toBe("completed");
    expect(result.vitals).toEqual(SANDBOX);
    expect(result.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(result.requestId).toBeTruthy();
    expect(result.rateLimit).toMatchObject({ limit: 300 });
    // A test key uses no quota: the start answer shows the untouched live figures.
    expect(result.session.usage).toEqual({ current: 0, limit: 500, remaining: 500 });
    expect(new URL(result.session.upload_url).origin).toBe(base);
  });

  it("does a live-key scan of a synthetic face: a real measurement, one scan of quota", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor } = syntheticTensor();
    const result = await clientFor(live.key).measure(tensor);
    expect(result.status).toBe("completed");
    expect(result.vitals!.confidence).toBeGreaterThan(0);
    expect(result.processing_time_ms).toBeGreaterThan(0);
    expect(result.session.usage).toEqual({ current: 1, limit: 500, remaining: 499 });
  });

  it("polls a kept result, and measures with polling alongside upload-complete", async () => {
    const { test } = await createDeveloperWithKeys();
    const client = clientFor(test.key);
    const measured = await client.measure(new Uint8Array(64), { poll: { intervalMs: 200 } });
    expect(measured.vitals).toEqual(SANDBOX);
    const polled = await client.pollResult(measured.session_id, { intervalMs: 200, maxAttempts: 5 });
    expect(polled.status).toBe("completed");
    expect(polled.vitals).toEqual(SANDBOX);
    expect(polled.completed_at).toBeGreaterThan(0);
  });

  it("mints a client token with the secret key, and scans with it from the token's origin only", async () => {
    const { test } = await createDeveloperWithKeys();
    const origin = "https://shop.example.com";
    const minted = await clientFor(test.key).mintClientToken({ origins: [origin], maxScans: 1 });
    expect(minted.token).toMatch(/^ct_test_[0-9a-f]{64}$/);
    const fromPage = (pageOrigin: string): FetchLike => {
      const f = fetchFromFreshIp();
      return (url, init = {}) =>
        f(url, { ...init, headers: { ...(init.headers as Record<string, string>), Origin: pageOrigin } });
    };
    const page = new VitalsClient({ apiKey: minted.token, baseUrl: base, fetch: fromPage(origin) });
    expect((await page.measure(new Uint8Array(64))).vitals).toEqual(SANDBOX);
    const spent = (await page.startSession().catch((e: unknown) => e)) as VitalsApiError;
    expect(spent).toMatchObject({ error: "FORBIDDEN", status: 403 });
    expect(spent.message).toMatch(/scan/);
    await expect(page.mintClientToken({ origins: [origin] })).rejects.toThrow(TypeError);
  });

  it("turns the service's error answers into VitalsApiError", async () => {
    const { test } = await createDeveloperWithKeys();
    const unknownKey = `ck_test_${"0".repeat(64)}`;
    const invalid = (await clientFor(unknownKey)
      .startSession()
      .catch((e: unknown) => e)) as VitalsApiError;
    expect(invalid).toBeInstanceOf(VitalsApiError);
    expect(invalid).toMatchObject({ error: "API_KEY_INVALID", status: 401, retryable: false });
    expect(invalid.requestId).toBeTruthy();
    // No account is known on a 401, so no rate-limit figures: they are optional for a reason.
    expect(invalid.meta.rateLimit).toBeUndefined();

    const missing = (await clientFor(test.key)
      .getResult("6f1c1e8e-8f43-4d6b-9d3a-3f0f2f6b9c11")
      .catch((e: unknown) => e)) as VitalsApiError;
    expect(missing).toMatchObject({ error: "SESSION_NOT_FOUND", status: 404 });
    expect(missing.meta.rateLimit?.limit).toBe(300);
  });

  it("runs the CLI's scan end to end", async () => {
    const { test } = await createDeveloperWithKeys();
    mkdirSync(dataDir, { recursive: true });
    const file = `${dataDir}/scan.tensor`;
    writeFileSync(file, syntheticTensor({ frameCount: 150 }).tensor);
    const { code, out, err } = await cli(["--key", test.key, file]);
    expect(err).toContain("session-started");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(SANDBOX);
  });

  it("scans a video file with the CLI: face tracked here, only the tensor uploaded, a real measurement with a live key", async () => {
    const { live } = await createDeveloperWithKeys();
    mkdirSync(dataDir, { recursive: true });
    const video = `${dataDir}/face.y4m`;
    const truth = writeFaceVideo({ out: video, heartRate: 96, seconds: 17, seed: 96 });
    const requests: string[] = [];
    const counting: FetchLike = (url, init) => {
      const body = init?.body instanceof Uint8Array ? init.body : undefined;
      const magic = body ? String.fromCharCode(...body.subarray(0, 4)) : "";
      requests.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname} ${magic}`.trim());
      return fetchFromFreshIp()(url, init);
    };
    const { code, out, err } = await cli(["--key", live.key, "--seconds", "16", video], counting);
    expect(err).toContain("building the tensor from the video");
    expect(code).toBe(0);
    const vitals = JSON.parse(out);
    expect(Math.abs(vitals.heart_rate - truth.heartRate)).toBeLessThanOrEqual(3);
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.7);
    // One upload, and it is a tensor (docs/tensor-format.md): the pictures never left. Over 8 MiB
    // it goes in resumable chunks (docs/api.md, "Chunked upload"): the body, then its header.
    const uploads = requests.filter((r) => r.startsWith("PUT "));
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    expect(uploads.every((r) => r.startsWith("PUT /upload/"))).toBe(true);
    expect(uploads[uploads.length - 1]!.endsWith(" RPPG")).toBe(true);
    expect(uploads.filter((r) => r.endsWith(" RPPG"))).toHaveLength(1);

    // A video whose face is covered: exit 5, no session started, no scan of quota spent.
    const covered = `${dataDir}/covered.y4m`;
    writeFaceVideo({ out: covered, heartRate: 80, seconds: 12, coveredAfter: 3 });
    requests.length = 0;
    const none = await cli(["--key", live.key, covered], counting);
    expect(none.code).toBe(EXIT.noSignal);
    expect(none.err).toContain("not enough usable signal");
    expect(requests).toEqual([]);
  }, 180_000);
});
