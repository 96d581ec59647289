import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BASE,
  KEYS,
  errorResponse,
  fakeService,
  fakeSleep,
  jsonResponse,
  session,
  type Handler,
} from "../test/fake-service.js";
import { EXIT, runCli } from "./cli-run.js";
import { DEFAULT_MAX_TENSOR_BYTES } from "./encode-tensor.js";

const dir = mkdtempSync(join(tmpdir(), "vitals-cli-"));
const notATensor = join(dir, "not-a-tensor.bin");
writeFileSync(notATensor, Buffer.from("hello"));

function run(argv: string[], handler: Handler = () => jsonResponse(session())) {
  const service = fakeService(handler);
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (t: string) => void out.push(t),
    stderr: (t: string) => void err.push(t),
    env: {},
    fetch: service.fetch,
    sleep: fakeSleep().sleep,
  };
  return runCli(argv, io).then((code) => ({ code, out: out.join(""), err: err.join(""), requests: service.requests }));
}

/** Answers a whole scan with these vitals. */
function scanHandler(vitals: Record<string, number>): Handler {
  return (req) => {
    if (req.url.endsWith("/start")) return jsonResponse(session());
    if (req.method === "PUT") return new Response(null, { status: 200 });
    return jsonResponse({ session_id: session().session_id, status: "completed", vitals });
  };
}

describe("vitals scan", () => {
  it("prints the vitals JSON and exits 0", async () => {
    const vitals = {
      heart_rate: 72,
      respiratory_rate: 16,
      hrv: 48,
      spo2: 98,
      systolic_bp: 118,
      diastolic_bp: 76,
      confidence: 0.95,
    };
    const r = await run(["scan", "--key", KEYS.test, "--base-url", BASE, "--quiet", notATensor], scanHandler(vitals));
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.out)).toEqual(vitals);
    expect(r.requests.map((q) => q.method)).toEqual(["POST", "PUT", "POST"]);
  });

  it("--include waveform asks upload-complete for the waveforms and prints them with the vitals", async () => {
    const vitals = {
      heart_rate: 70,
      respiratory_rate: 15,
      hrv: 40,
      spo2: 97,
      systolic_bp: 120,
      diastolic_bp: 78,
      confidence: 0.9,
    };
    const waveforms = { pulse: { sample_rate_hz: 30, values: [0.1, -0.2], confidence: [1, 1] } };
    const handler: Handler = (req) => {
      if (req.url.endsWith("/start")) return jsonResponse(session());
      if (req.method === "PUT") return new Response(null, { status: 200 });
      return jsonResponse({ session_id: session().session_id, status: "completed", vitals, waveforms });
    };
    const argv = ["scan", "--key", KEYS.test, "--base-url", BASE, "--quiet", "--include", "waveform", notATensor];
    const r = await run(argv, handler);
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.out)).toEqual({ vitals, waveforms });
    expect(new URL(r.requests.at(-1)!.url).searchParams.get("include")).toBe("waveform");
    const wrong = await run(["scan", "--key", KEYS.test, "--base-url", BASE, "--include", "video", notATensor]);
    expect(wrong.code).toBe(EXIT.usage);
    expect(wrong.err).toContain("--include");
    expect(wrong.requests).toHaveLength(0);
  });

  it("exits 3 and says so when the answer is fallback vitals", async () => {
    const fallback = {
      heart_rate: 80,
      respiratory_rate: 15,
      hrv: 40,
      spo2: 97,
      systolic_bp: 120,
      diastolic_bp: 80,
      confidence: 0,
    };
    const r = await run(["scan", "--key", KEYS.live, "--base-url", BASE, "--force", notATensor], scanHandler(fallback));
    expect(r.code).toBe(EXIT.fallback);
    expect(r.err).toContain("fallback");
  });

  it("exits 2 on a malformed key, before any request", async () => {
    const r = await run(["scan", "--key", "ck_live_XYZ", "--base-url", BASE, notATensor]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain("Malformed API key");
    expect(r.requests).toHaveLength(0);
  });

  it("exits 2 without a command, a file or a base URL, and for an unreadable file", async () => {
    expect((await run([])).code).toBe(EXIT.usage);
    expect((await run(["scan", "--key", KEYS.test, "--base-url", BASE])).code).toBe(EXIT.usage);
    expect((await run(["scan", "--key", KEYS.test, notATensor])).err).toContain("--base-url");
    expect((await run(["scan", "--key", KEYS.test, "--base-url", BASE, join(dir, "missing")])).err).toContain("ENOENT");
    expect((await run(["scan", "--key", KEYS.test, "--base-url", BASE, "--sex", "Q", notATensor])).err).toContain(
      "--sex",
    );
    const grid = await run(["scan", "--key", KEYS.test, "--base-url", BASE, "--grid", "48", notATensor]);
    expect([grid.code, grid.err.includes("--grid must be 72, 36, 24 or 18"), grid.requests.length]).toEqual([
      EXIT.usage,
      true,
      0,
    ]);
  });

  it("refuses to spend a live scan on a file that is not a tensor unless forced", async () => {
    const r = await run(["scan", "--key", KEYS.live, "--base-url", BASE, notATensor]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain("--force");
    expect(r.requests).toHaveLength(0);
  });

  it("exits 2 on a tensor over the upload limit, before any request", async () => {
    const oversized = join(dir, "oversized.bin");
    writeFileSync(oversized, Buffer.alloc(DEFAULT_MAX_TENSOR_BYTES + 1));
    const r = await run(["scan", "--key", KEYS.live, "--base-url", BASE, "--force", oversized]).finally(() =>
      rmSync(oversized),
    );
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain("upload limit");
    expect(r.requests).toHaveLength(0);
  });

  it("exits 1 with the service's code and request id on an error answer", async () => {
    const r = await run(["scan", "--key", KEYS.live, "--base-url", BASE, "--force", notATensor], () =>
      errorResponse(429, "QUOTA_EXCEEDED", { headers: { "x-request-id": "req-7" } }),
    );
    expect(r.code).toBe(EXIT.serviceError);
    expect(r.err).toContain("QUOTA_EXCEEDED");
    expect(r.err).toContain("req-7");
  });
});
