import { describe, expect, it } from "vitest";
import {
  BASE,
  KEYS,
  errorResponse,
  fakeService,
  fakeSleep,
  jsonResponse,
  session,
  waveforms,
} from "../test/fake-service.js";
import { InvalidApiKeyError, VitalsApiError, VitalsClient, VitalsNetworkError } from "./index.js";

const vitals = {
  heart_rate: 71.2,
  respiratory_rate: 15.1,
  hrv: 44,
  spo2: 97.9,
  systolic_bp: 117.5,
  diastolic_bp: 75.3,
  confidence: 0.88,
};

describe("API key check", () => {
  const bad: [string, unknown][] = [
    ["empty", ""],
    ["blank", "   "],
    ["missing", undefined],
    ["wrong prefix", `ck_prod_${"a".repeat(64)}`],
    ["no environment", `ck_${"a".repeat(64)}`],
    ["upper-case hex", `ck_live_${"A".repeat(64)}`],
    ["non-hex body", `ck_live_${"g".repeat(64)}`],
    ["short body", `ck_live_${"a".repeat(63)}`],
    ["long body", `ck_test_${"a".repeat(65)}`],
    ["surrounding space", ` ${KEYS.live}`],
  ];
  it.each(bad)("refuses a %s key without making a request", (_what, apiKey) => {
    const service = fakeService(() => jsonResponse(session()));
    let thrown: unknown;
    try {
      new VitalsClient({ apiKey: apiKey as string, baseUrl: BASE, fetch: service.fetch });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InvalidApiKeyError);
    expect((thrown as InvalidApiKeyError).reason).toBe(String(apiKey ?? "").trim() === "" ? "empty" : "malformed");
    expect(service.requests).toHaveLength(0);
  });

  it("accepts both environments and sends the key as X-API-Key", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const test = new VitalsClient({ apiKey: KEYS.test, baseUrl: `${BASE}/`, fetch: service.fetch });
    expect(test.environment).toBe("test");
    await test.startSession();
    expect(service.requests[0].url).toBe(`${BASE}/sdk/session/start`);
    expect(service.requests[0].headers.get("x-api-key")).toBe(KEYS.test);
    expect(new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE }).environment).toBe("live");
  });

  it("sends Idempotency-Key on a session start only when given one", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    await client.startSession({ idempotencyKey: "scan-42" });
    await client.startSession();
    expect(service.requests[0].headers.get("idempotency-key")).toBe("scan-42");
    expect(service.requests[1].headers.get("idempotency-key")).toBeNull();
  });
});

describe("credential sent as Authorization: Bearer (browsers)", () => {
  it("sends a client token as a Bearer header and never as X-API-Key", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ credential: "ct_opaque.token-value", baseUrl: BASE, fetch: service.fetch });
    expect(client.environment).toBeUndefined();
    await client.startSession();
    expect(service.requests[0].headers.get("authorization")).toBe("Bearer ct_opaque.token-value");
    expect(service.requests[0].headers.get("x-api-key")).toBeNull();
  });

  it("checks a ck_ key given as the credential like an apiKey, and knows its environment", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ credential: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    expect(client.environment).toBe("live");
    await client.startSession();
    expect(service.requests[0].headers.get("authorization")).toBe(`Bearer ${KEYS.live}`);
    expect(() => new VitalsClient({ credential: "ck_live_short", baseUrl: BASE })).toThrow(InvalidApiKeyError);
  });

  it("refuses an empty or spaced credential, and both kinds at once, without a request", () => {
    expect(() => new VitalsClient({ credential: "", baseUrl: BASE })).toThrow(InvalidApiKeyError);
    expect(() => new VitalsClient({ credential: "a b", baseUrl: BASE })).toThrow(InvalidApiKeyError);
    expect(() => new VitalsClient({ credential: "tok", apiKey: KEYS.test, baseUrl: BASE })).toThrow(TypeError);
  });
});

describe("the workflow calls", () => {
  it("start sends demographics; upload PUTs video/webm bytes without the key; complete sends session_id", async () => {
    const s = session();
    const service = fakeService((req) => {
      if (req.url.endsWith("/sdk/session/start")) return jsonResponse(s);
      if (req.method === "PUT") return new Response(null, { status: 200, headers: { etag: '"abc"' } });
      return jsonResponse({ session_id: s.session_id, status: "completed", vitals, processing_time_ms: 812 });
    });
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const tensor = new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4);
    const result = await client.measure(tensor, { demographics: { age: 40, sex: "F" } });

    const [start, put, complete] = service.requests;
    expect(start.body).toEqual({ demographics: { age: 40, sex: "F" } });
    expect(put.method).toBe("PUT");
    expect(put.url).toBe(s.upload_url);
    expect(put.headers.get("content-type")).toBe("video/webm");
    expect(put.headers.get("x-api-key")).toBeNull();
    expect([...(put.body as Uint8Array)]).toEqual([2, 3, 4]);
    expect(complete.url).toBe(`${BASE}/sdk/session/upload-complete`);
    expect(complete.body).toEqual({ session_id: s.session_id });
    expect(result.vitals).toEqual(vitals);
    expect(result.processing_time_ms).toBe(812);
    expect(result.session.session_id).toBe(s.session_id);
  });

  it("sends a reference at start and at mint only when given, in the API's field names", async () => {
    const service = fakeService((req) =>
      req.url.endsWith("/sdk/client-token")
        ? jsonResponse({ token: "ct_live_x", expires_at: 1, max_scans: 1, origins: ["https://a.example"] }, 201)
        : jsonResponse(session()),
    );
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    await client.startSession({ clientReferenceId: "visit-9", metadata: { clinic: "north" } });
    await client.startSession();
    await client.mintClientToken({ origins: ["https://a.example"], clientReferenceId: "visit-9" });
    expect(service.requests.map((r) => r.body)).toEqual([
      { client_reference_id: "visit-9", metadata: { clinic: "north" } },
      {},
      { origins: ["https://a.example"], client_reference_id: "visit-9" },
    ]);
  });

  it("turns an error answer into VitalsApiError with the flat body, status and request id", async () => {
    const service = fakeService(() =>
      errorResponse(404, "SESSION_NOT_FOUND", { headers: { "x-request-id": "req-42" } }),
    );
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const err = await client.getResult("nope").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VitalsApiError);
    expect(err).toMatchObject({ error: "SESSION_NOT_FOUND", status: 404, retryable: false, requestId: "req-42" });
    expect((err as VitalsApiError).body).toEqual({
      error: "SESSION_NOT_FOUND",
      message: "SESSION_NOT_FOUND happened",
      retryable: false,
    });
  });

  it("describes a non-JSON error answer (a proxy's page) as UNEXPECTED_RESPONSE", async () => {
    const service = fakeService(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const err = (await client.startSession().catch((e: unknown) => e)) as VitalsApiError;
    expect(err.error).toBe("UNEXPECTED_RESPONSE");
    expect(err.status).toBe(502);
    expect(err.retryable).toBe(true);
  });

  it("reports an unreachable service as VitalsNetworkError", async () => {
    const client = new VitalsClient({
      apiKey: KEYS.live,
      baseUrl: BASE,
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expect(client.startSession()).rejects.toBeInstanceOf(VitalsNetworkError);
  });

  it("gives upload-complete its own, long timeout", async () => {
    const seen: number[] = [];
    const client = new VitalsClient({
      apiKey: KEYS.live,
      baseUrl: BASE,
      completeTimeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          seen.push(1);
          init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
        }),
    });
    const err = await client.completeUpload("s").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VitalsNetworkError);
    expect((err as Error).message).toContain("0.05 s");
    expect(seen).toHaveLength(1);
  });
});

describe("429 handling", () => {
  const rateLimited = () =>
    errorResponse(429, "RATE_LIMIT_EXCEEDED", {
      retryable: true,
      retryAfter: 7,
      headers: {
        "retry-after": "7",
        "x-ratelimit-limit": "300",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1900000007",
      },
    });

  it("waits Retry-After seconds, then retries and succeeds", async () => {
    const service = fakeService((_req, i) => (i < 2 ? rateLimited() : jsonResponse(session())));
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const started = await client.startSession();
    expect(waits).toEqual([7000, 7000]);
    expect(service.requests).toHaveLength(3);
    expect(started.session_id).toBe(session().session_id);
  });

  it("an abort during a Retry-After wait rejects at once with the abort's reason, without another request", async () => {
    const service = fakeService(() => rateLimited());
    // The default sleep: a real 7 s timer, which the abort must not have to wait out.
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const controller = new AbortController();
    const started = performance.now();
    const call = client.startSession({ signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error("user left")), 50);
    expect(await call).toMatchObject({ message: "user left" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(service.requests).toHaveLength(1);
  });

  it("an abort between polls rejects at once, not after the interval", async () => {
    const service = fakeService(() => jsonResponse({ ...session(), status: "processing" }));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const controller = new AbortController();
    const started = performance.now();
    const poll = client
      .pollResult(session().session_id, { intervalMs: 60_000, signal: controller.signal })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(new Error("stop")), 50);
    expect(await poll).toMatchObject({ message: "stop" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(service.requests).toHaveLength(1);
  });

  it("a body that stops arriving is a timeout, not 'no JSON body'; a body that is not JSON says so", async () => {
    const stalledBody: typeof fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"session_id":'));
            init?.signal?.addEventListener("abort", () => c.error(init.signal?.reason));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: stalledBody, timeoutMs: 200 });
    const err = await client.startSession().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VitalsNetworkError);
    expect((err as Error).message).toBe(
      "POST /sdk/session/start answered 200, but its body did not arrive within 0.2 s",
    );

    const html = fakeService(() => new Response("<html>proxy</html>", { status: 200 }));
    const other = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: html.fetch });
    const notJson = (await other.startSession().catch((e: unknown) => e)) as VitalsApiError;
    expect(notJson).toBeInstanceOf(VitalsApiError);
    expect(notJson).toMatchObject({ error: "UNEXPECTED_RESPONSE", status: 200, retryable: false });
    expect(notJson.body.message).toBe("POST /sdk/session/start answered 200 without a JSON body: <html>proxy</html>");
  });

  it("waits out the service's 503 UNAVAILABLE on upload-complete, then measures; a 500 or a proxy's 502 is thrown at once", async () => {
    const unavailable = () =>
      errorResponse(503, "UNAVAILABLE", { retryable: true, retryAfter: 5, headers: { "retry-after": "5" } });
    const vitals = { heart_rate: 70, confidence: 0.9 };
    const service = fakeService((req, i) => {
      if (req.url.endsWith("/start")) return jsonResponse(session());
      if (req.method === "PUT") return new Response(null, { status: 200 });
      return i < 4 ? unavailable() : jsonResponse({ session_id: session().session_id, status: "completed", vitals });
    });
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const result = await client.measure(new Uint8Array(64));
    expect(result.vitals).toEqual(vitals);
    expect(waits).toEqual([5000, 5000]);
    expect(service.requests.map((r) => r.method)).toEqual(["POST", "PUT", "POST", "POST", "POST"]);

    for (const answer of [
      () => errorResponse(500, "INTERNAL_ERROR", { retryable: true }),
      () => new Response("<html>Bad gateway</html>", { status: 502 }),
      () => errorResponse(503, "UNAVAILABLE", { retryable: false }),
    ]) {
      const failing = fakeService(answer);
      const other = fakeSleep();
      const err = await new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: failing.fetch, sleep: other.sleep })
        .completeUpload(session().session_id)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VitalsApiError);
      expect(failing.requests).toHaveLength(1);
      expect(other.waits).toEqual([]);
    }
  });

  it("waits out AUTH_BLOCKED by its Retry-After header too", async () => {
    const blocked = () => errorResponse(429, "AUTH_BLOCKED", { retryable: true, headers: { "retry-after": "3" } });
    const service = fakeService((_req, i) => (i === 0 ? blocked() : jsonResponse(session())));
    const { sleep, waits } = fakeSleep();
    await new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep }).startSession();
    expect(waits).toEqual([3000]);
  });

  it("stops after maxRetries and throws the last 429 with its figures", async () => {
    const service = fakeService(() => rateLimited());
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep, maxRetries: 2 });
    const err = (await client.startSession().catch((e: unknown) => e)) as VitalsApiError;
    expect(err.error).toBe("RATE_LIMIT_EXCEEDED");
    expect(err.retryAfter).toBe(7);
    expect(err.meta.rateLimit).toEqual({ limit: 300, remaining: 0, reset: 1900000007 });
    expect(service.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("does not wait out a Retry-After beyond maxRetryWaitSeconds", async () => {
    const service = fakeService(() =>
      errorResponse(429, "AUTH_BLOCKED", { retryable: true, retryAfter: 900, headers: { "retry-after": "900" } }),
    );
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({
      apiKey: KEYS.live,
      baseUrl: BASE,
      fetch: service.fetch,
      sleep,
      maxRetryWaitSeconds: 60,
    });
    await expect(client.startSession()).rejects.toMatchObject({ error: "AUTH_BLOCKED", retryAfter: 900 });
    expect(waits).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it.each([
    [429, "QUOTA_EXCEEDED"],
    [400, "INVALID_REQUEST"],
    [401, "API_KEY_REVOKED"],
    [403, "DEVELOPER_SUSPENDED"],
  ])("never retries %i %s", async (status, code) => {
    const service = fakeService(() => errorResponse(status, code, { headers: { "retry-after": "1" } }));
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    await expect(client.startSession()).rejects.toMatchObject({ error: code, status });
    expect(service.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe("include: the waveforms", () => {
  /** A whole scan; upload-complete and the result poll answer `waveforms` only when asked for. */
  function scan(opts: { pollAnswers?: boolean } = {}) {
    const s = session();
    return fakeService((req) => {
      if (req.url.endsWith("/start")) return jsonResponse(s);
      if (req.method === "PUT") return new Response(null, { status: 200 });
      const asked = new URL(req.url).searchParams.get("include") === "waveform";
      const extra = asked ? { waveforms: waveforms() } : {};
      if (req.url.includes("/result/"))
        return opts.pollAnswers
          ? jsonResponse({ session_id: s.session_id, status: "completed", vitals, completed_at: 7, ...extra })
          : errorResponse(404, "SESSION_NOT_FOUND");
      const answer = () =>
        jsonResponse({ session_id: s.session_id, status: "completed", vitals, processing_time_ms: 300, ...extra });
      // With a poll answering, upload-complete is slower: both calls go out before either answers.
      return opts.pollAnswers ? new Promise<Response>((resolve) => setTimeout(() => resolve(answer()), 20)) : answer();
    });
  }

  it("asks upload-complete for them with ?include=waveform and answers the service's waveforms field", async () => {
    const service = scan();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const result = await client.measure(new Uint8Array(8), { include: ["waveform"] });
    const complete = service.requests[2]!;
    expect(complete.url).toBe(`${BASE}/sdk/session/upload-complete?include=waveform`);
    expect(complete.body).toEqual({ session_id: session().session_id });
    expect(result.waveforms).toEqual(waveforms());
    expect(result.waveforms?.pulse.sample_rate_hz).toBe(30);
    expect(result.waveforms?.breathing.values).toHaveLength(600);
    // Not asked (an empty list included): no query, no waveforms.
    for (const include of [undefined, []]) {
      const plain = scan();
      const client2 = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: plain.fetch });
      expect((await client2.measure(new Uint8Array(8), { include })).waveforms).toBeUndefined();
      expect(plain.requests[2]!.url).toBe(`${BASE}/sdk/session/upload-complete`);
    }
  });

  it("asks the result poll too: getResult, pollResult, and measure with polling on both of its calls", async () => {
    const id = session().session_id;
    const service = scan({ pollAnswers: true });
    const { sleep } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    expect((await client.getResult(id, { include: ["waveform"] })).waveforms).toEqual(waveforms());
    expect((await client.pollResult(id, { include: ["waveform"] })).waveforms).toEqual(waveforms());
    expect(service.requests.map((r) => r.url)).toEqual([
      `${BASE}/sdk/session/result/${id}?include=waveform`,
      `${BASE}/sdk/session/result/${id}?include=waveform`,
    ]);
    const measured = scan({ pollAnswers: true });
    const client2 = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: measured.fetch, sleep });
    expect((await client2.measure(new Uint8Array(8), { poll: true, include: ["waveform"] })).waveforms).toEqual(
      waveforms(),
    );
    const calls = measured.requests.filter((r) => r.method !== "PUT" && !r.url.endsWith("/start"));
    expect(calls.map((r) => new URL(r.url).pathname)).toEqual([
      "/sdk/session/upload-complete",
      `/sdk/session/result/${id}`,
    ]);
    for (const call of calls) expect(new URL(call.url).searchParams.get("include")).toBe("waveform");
  });

  it("refuses an unknown include value before any request (no scan spent on a typo)", async () => {
    const service = scan();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const typo = { include: ["waveforms"] as never };
    await expect(client.measure(new Uint8Array(8), typo)).rejects.toThrow(
      'include: unknown value "waveforms" (supported: waveform)',
    );
    await expect(client.completeUpload("s", typo)).rejects.toBeInstanceOf(TypeError);
    await expect(client.getResult("s", typo)).rejects.toBeInstanceOf(TypeError);
    expect(service.requests).toHaveLength(0);
  });
});

describe("checked before a scan is spent", () => {
  it("refuses a tensor over the upload limit without a request (the service's 413 would arrive as a broken pipe)", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, maxTensorBytes: 1000 });
    await expect(client.measure(new Uint8Array(1001))).rejects.toThrow(
      "the tensor is 1001 bytes: over the 1000-byte upload limit",
    );
    await expect(client.uploadTensor(session(), new Blob([new Uint8Array(1001)]))).rejects.toBeInstanceOf(RangeError);
    expect(service.requests).toHaveLength(0);
    // At the limit it goes out.
    await client.uploadTensor(session(), new Uint8Array(1000).buffer);
    expect(service.requests).toHaveLength(1);
  });

  it("refuses demographics the service would refuse, naming the field, before the session start", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const tensor = new Uint8Array(100);
    const refused: [unknown, string][] = [
      [{ age: 0 }, "demographics.age"],
      [{ age: 40.5 }, "demographics.age"],
      [{ age: "40" }, "demographics.age"],
      [{ sex: "m" }, "demographics.sex"],
      [{ fitzpatrick: 7 }, "demographics.fitzpatrick"],
      [{ gender: "F" }, "demographics.gender is not a field"],
      [null, "demographics must be an object"],
    ];
    for (const [demographics, message] of refused) {
      const err = await client.measure(tensor, { demographics: demographics as never }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect((err as Error).message).toContain(message);
    }
    expect(service.requests).toHaveLength(0);
  });
});
