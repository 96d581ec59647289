import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "@/test/server-process";
import { HTTP_METHODS } from "@/lib/http/endpoint";
import { startBuiltServer } from "@/test/built-server";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { db } from "@/lib/db";
import { routeFiles, routeMethods, routePath } from "@/test/route-files";
import { scanOverHttp } from "@/test/http-scan";
import { syntheticTensor } from "@/test/tensors";

// The built app behind the real HTTP server: what route-handler tests cannot see (bundling,
// body limits of the framework, worker files, the client-IP stamp).
// Asked of the system: a fixed port collided with another service's (3306) on some machines.
let PORT = 0;
const JSON_BODY_TIMEOUT_MS = 2000;
let base = "";
let server: ChildProcess;
let dataDir: string;

beforeAll(async () => {
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  // The in-memory window (the embedded default's) is used here, so the test below proves every
  // route of the built app shares it; the PostgreSQL window is covered by the SDK tests.
  ({ server, dataDir } = await startBuiltServer("server", PORT, {
    RATE_LIMIT_STORE: "memory",
    // Short, so the stalled-body test below waits seconds, not the default 30.
    JSON_BODY_TIMEOUT_MS: String(JSON_BODY_TIMEOUT_MS),
  }));
}, 120_000);

afterAll(() => {
  server?.kill();
});

/** A request with the path sent exactly as given (fetch would normalise it), optionally from a chosen local address. */
function rawRequest(method: string, path: string, headers: Record<string, string>, localAddress?: string) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, method, headers, localAddress }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Raw bytes to the server over one connection: what came back, and whether the server closed
 * the connection (false if it was still open `waitMs` after the last byte it sent).
 */
function rawExchange(text: string, waitMs = 3000) {
  return new Promise<{ text: string; closed: boolean }>((resolve) => {
    let out = "";
    const socket = connect(PORT, "127.0.0.1", () => socket.write(text));
    let timer = setTimeout(() => done(false), waitMs);
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: out, closed });
    };
    socket.on("data", (d) => {
      out += d;
      clearTimeout(timer);
      timer = setTimeout(() => done(false), waitMs);
    });
    socket.on("close", () => done(true));
    socket.on("error", () => undefined);
  });
}

/** The status, headers (lower-cased names) and body (de-chunked) of one raw HTTP answer. */
function parseRaw(text: string) {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const headers: Record<string, string> = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  let body = text.slice(end + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let decoded = "";
    for (;;) {
      const lineEnd = body.indexOf("\r\n");
      const size = Number.parseInt(body.slice(0, lineEnd), 16);
      if (!(size > 0)) break;
      decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
      body = body.slice(lineEnd + 2 + size + 2);
    }
    body = decoded;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** A POST sent from a chosen local (loopback) address. */
const postFrom = (localAddress: string, path: string, headers: Record<string, string>) =>
  rawRequest("POST", path, headers, localAddress);

async function start(key: string) {
  const res = await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } });
  expect(res.status).toBe(200);
  return res.json();
}

describe("the production server", () => {
  it("runs real inference in its worker pool: vitals with confidence and processing_time_ms", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor, truth } = syntheticTensor({ heartRate: 68, frameCount: 720 });
    const { startStatus, session, putStatus, status, body } = await scanOverHttp(base, live.key, tensor);
    expect([startStatus, putStatus, status]).toEqual([200, 200, 200]);
    expect(new URL(session.upload_url).origin).toBe(base);
    expect(body.processing_time_ms).toBeGreaterThan(0);
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(body.vitals.heart_rate - truth.heartRate)).toBeLessThan(2);
  });

  it("receives a 45 MB upload whole (nothing in front of the route cuts the body)", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await start(test.key);
    const body = new Uint8Array(44_789_760);
    for (let i = 0; i < body.length; i += 4096) body[i] = (i / 4096) & 0xff;
    const put = await fetch(session.upload_url, {
      method: "PUT",
      headers: { "content-type": "application/octet-stream" },
      body,
    });
    expect(put.status).toBe(200);
    const stored = readFileSync(`${dataDir}/uploads/${session.session_id}.tensor`);
    expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(body).digest("hex"));
  });

  it("counts every SDK route in one hourly window per developer", async () => {
    const { test } = await createDeveloperWithKeys();
    const headers = { "x-api-key": test.key, "content-type": "application/json" };
    const started = await fetch(`${base}/sdk/session/start`, { method: "POST", headers });
    const { session_id } = await started.json();
    const polled = await fetch(`${base}/sdk/session/result/${session_id}`, { headers });
    const completed = await fetch(`${base}/sdk/session/upload-complete`, {
      method: "POST",
      headers,
      body: JSON.stringify({ session_id }),
    });
    const remaining = [started, polled, completed].map((r) => r.headers.get("x-ratelimit-remaining"));
    expect(remaining).toEqual(["299", "298", "297"]);
  });

  it("logs and counts a hot SDK request the client abandons mid-body, as 400 INVALID_REQUEST", async () => {
    const { developer, test } = await createDeveloperWithKeys();
    await new Promise<void>((resolve) => {
      const socket = connect(PORT, "127.0.0.1", () => {
        socket.write(
          `POST /sdk/session/start HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${test.key}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"demographics":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
      socket.on("error", () => undefined);
    });
    await vi.waitFor(
      async () =>
        expect(await db.requestLog.findFirst({ where: { developerId: developer.id } })).toMatchObject({
          path: "/sdk/session/start",
          status: 400,
          errorCode: "INVALID_REQUEST",
        }),
      { timeout: 5000, interval: 100 },
    );
    const next = await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": test.key } });
    expect(next.headers.get("x-ratelimit-remaining")).toBe("298");
  });

  it("answers a JSON body that stalls before it is whole with 400 at JSON_BODY_TIMEOUT_MS and closes, routed or hot", async () => {
    const { test } = await createDeveloperWithKeys();
    for (const [path, auth] of [
      ["/sdk/session/start", `X-API-Key: ${test.key}\r\n`],
      ["/developer/login", ""],
    ]) {
      const started = performance.now();
      const { text, closed } = await rawExchange(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\n` +
          `Content-Length: 60\r\n\r\n{"demographics":`,
        JSON_BODY_TIMEOUT_MS + 4000,
      );
      const res = parseRaw(text);
      expect([res.status, JSON.parse(res.body).error, res.headers.connection, closed], path).toEqual([
        400,
        "INVALID_REQUEST",
        "close",
        true,
      ]);
      expect(JSON.parse(res.body).message).toBe("The request body did not arrive whole within 2 seconds");
      // Answered at the deadline: not before it, and long before the upload's request timeout.
      const took = performance.now() - started;
      expect(took, path).toBeGreaterThanOrEqual(JSON_BODY_TIMEOUT_MS - 100);
      expect(took, path).toBeLessThan(JSON_BODY_TIMEOUT_MS + 4000);
    }
  });

  it("ignores a client's spoofed client-IP header: the brute-force block follows the socket", async () => {
    // From a loopback address of its own, so the block cannot touch other tests' clients.
    const localAddress = `127.0.${(process.pid % 200) + 20}.${(Date.now() % 200) + 20}`;
    const bad = `ck_live_${"f".repeat(64)}`;
    for (let i = 0; i < 10; i++) {
      await postFrom(localAddress, "/sdk/session/start", { "x-api-key": bad, "x-vitals-client-ip": `192.0.2.${i}` });
    }
    const { test } = await createDeveloperWithKeys();
    const res = await postFrom(localAddress, "/sdk/session/start", {
      "x-api-key": test.key,
      "x-vitals-client-ip": "192.0.2.99",
    });
    expect(res.status).toBe(429);
    expect(JSON.parse(res.body).error).toBe("AUTH_BLOCKED");
    // The same key from another address is not blocked.
    expect(
      (await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": test.key } })).status,
    ).toBe(200);
  });

  it("answers the hot SDK endpoints itself, by their route files' rules, whatever the body's framing", async () => {
    const { live } = await createDeveloperWithKeys();
    const streamed = (text: string) =>
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(text));
          c.close();
        },
      });
    const post = (path: string, body: BodyInit) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "x-api-key": live.key, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
    const body = JSON.stringify({ demographics: { age: 40, sex: "F", fitzpatrick: 3 } });
    // Declared and chunked (streamed to the handler) bodies alike; a query string is no other path.
    for (const sent of [body, streamed(body)]) {
      const res = await post("/sdk/session/start?from=test", sent);
      expect(res.status).toBe(200);
      expect((await res.json()).session_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(res.headers.get("x-usage-current")).toMatch(/^\d+$/);
      // The router marks its answers with an RSC Vary header; the server's own answers have none.
      expect(res.headers.get("vary")).toBeNull();
    }
    const routed = await fetch(`${base}/sdk/session/result/${crypto.randomUUID()}`, {
      headers: { "x-api-key": live.key },
    });
    expect(routed.headers.get("vary")).toContain("rsc");
    // The 64 KiB JSON cap holds on both framings; bad JSON is 400.
    for (const sent of ["x".repeat(70_000), streamed("x".repeat(70_000))]) {
      const res = await post("/sdk/session/start", sent);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: "PAYLOAD_TOO_LARGE", retryable: false });
    }
    const bad = await post("/sdk/client-token", streamed("{"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "INVALID_REQUEST" });
    const head = await rawRequest("HEAD", "/sdk/session/upload-complete", {});
    expect([head.status, head.body]).toEqual([405, ""]);
  });

  it("answers unknown paths and bad JSON with the flat error body", async () => {
    const unknown = await fetch(`${base}/nothing/here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "NOT_FOUND", retryable: false });
    const res = await fetch(`${base}/sdk/session/upload-complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers what next-auth cannot read with 400 in the flat body, and serves what it can as before", async () => {
    const unreadable: [string, string, RequestInit][] = [
      ["POST", "/api/auth/session", { headers: { "content-type": "application/json" }, body: "{" }],
      ["POST", "/api/auth/signout", { headers: { "content-type": "application/json" }, body: "{" }],
      ["GET", "/api/auth/callback/credentials", {}],
      ["POST", "/api/auth/providers", { headers: { "content-type": "text/plain" }, body: "x" }],
    ];
    for (const [method, path, init] of unreadable) {
      const res = await fetch(`${base}${path}`, { method, redirect: "manual", ...init });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(await res.json()).toMatchObject({ error: "INVALID_REQUEST", retryable: false });
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
    const csrf = await fetch(`${base}/api/auth/csrf`);
    expect(csrf.status).toBe(200);
    expect((await csrf.json()).csrfToken).toMatch(/^[0-9a-f]{32,}$/);
  });

  it("answers a path that is not valid percent-encoding with 400 in the flat body, with CORS and a request id", async () => {
    const paths: [string, string][] = [
      ["POST", "/sdk/session/%ZZ/upload-complete"],
      ["GET", "/developer/keys/%E0%A4%A"],
      ["GET", "/dashboard/%"],
    ];
    for (const [method, path] of paths) {
      const res = await rawRequest(method, path, { "x-api-key": `ck_test_${"a".repeat(64)}` });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toEqual({
        error: "INVALID_REQUEST",
        message: "The request path is not valid percent-encoding",
        retryable: false,
      });
      expect(res.headers["access-control-allow-origin"], path).toBe("*");
      expect(res.headers["x-request-id"], path).toBeTruthy();
      expect(res.headers["x-frame-options"], path).toBe("DENY");
    }
  });

  it("answers a method no route serves with 405 in the flat body, not the framework's empty 400", async () => {
    for (const [method, path] of [
      ["PROPFIND", "/sdk/session/start"],
      ["TRACE", "/login"],
    ]) {
      const res = await rawRequest(method, path, {});
      expect(res.status, method).toBe(405);
      expect(JSON.parse(res.body), method).toMatchObject({ error: "METHOD_NOT_ALLOWED", retryable: false });
      expect(res.headers.allow, method).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(res.headers["x-request-id"], method).toBeTruthy();
    }
  });

  it("answers a request it cannot parse with 400 in the flat body, then closes the connection", async () => {
    const send = (text: string) =>
      new Promise<string>((resolve) => {
        let out = "";
        const socket = connect(PORT, "127.0.0.1", () => socket.write(text));
        socket.on("data", (d) => (out += d));
        socket.on("close", () => resolve(out));
      });
    const badChunk =
      "POST /sdk/client-token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n0\r\n\r\n";
    const hugeHeader = `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
    for (const [raw, message] of [
      [badChunk, "The request is not valid HTTP"],
      [hugeHeader, "The request headers are too large"],
    ]) {
      const [head, body] = (await send(raw)).split("\r\n\r\n");
      expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
      expect(head).toMatch(/X-Request-Id: [0-9a-f-]{36}/);
      expect(JSON.parse(body)).toEqual({ error: "INVALID_REQUEST", message, retryable: false });
    }
  });

  it("serves a trailing-slash, doubled-slash or absolute-form target as its path: never a redirect, never off-site", async () => {
    const { test } = await createDeveloperWithKeys();
    const preflight = await rawRequest("OPTIONS", "/sdk/session/start/", {
      origin: "https://app.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-api-key",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["x-request-id"]).toBeTruthy();
    const started = await rawRequest("POST", "/sdk/session/start/", { "x-api-key": test.key });
    expect(started.status).toBe(200);
    expect(JSON.parse(started.body).session_id).toMatch(/^[0-9a-f-]{36}$/);
    const health = await rawRequest("GET", "/health/", {});
    expect([health.status, JSON.parse(health.body).status]).toEqual([200, "ok"]);
    const profile = await rawRequest("GET", "/developer/profile/", {});
    expect([profile.status, JSON.parse(profile.body).error]).toEqual([401, "UNAUTHORIZED"]);
    expect(profile.headers["x-request-id"]).toBeTruthy();
    // Absolute-form (RFC 9112 3.2.2): served as its path, whatever host it names.
    const absolute = await rawRequest("POST", `http://127.0.0.1:${PORT}/sdk/session/start`, { "x-api-key": test.key });
    expect(absolute.status).toBe(200);
    const offSite = await rawRequest("GET", "http://evil.com/health", {});
    expect([offSite.status, JSON.parse(offSite.body).status]).toEqual([200, "ok"]);
    // `//evil.com/health` is the path /evil.com/health: unknown here.
    const doubled = await rawRequest("GET", "//evil.com/health", {});
    expect([doubled.status, JSON.parse(doubled.body).error]).toEqual([404, "NOT_FOUND"]);
    // Dot segments and backslashes: resolved here, as a browser would, not redirected.
    const dotted = await rawRequest("GET", "/health/.", {});
    expect([dotted.status, JSON.parse(dotted.body).status]).toEqual([200, "ok"]);
    const backslash = await rawRequest("OPTIONS", "/sdk/session/start\\", { origin: "https://app.example" });
    expect(backslash.status).toBe(204);
    const climbed = await rawRequest("GET", "/sdk/session/start/..", {});
    expect([climbed.status, JSON.parse(climbed.body).error]).toEqual([404, "NOT_FOUND"]);
    const unknown = await rawRequest("GET", "/nope\\", {});
    expect(unknown.status).toBe(404);
    for (const res of [
      preflight,
      started,
      health,
      profile,
      absolute,
      offSite,
      doubled,
      dotted,
      backslash,
      climbed,
      unknown,
    ]) {
      expect(res.headers.location).toBeUndefined();
      expect(res.headers["access-control-allow-origin"]).toBe("*");
    }
  });

  it("answers OPTIONS * with 204, Allow, CORS and a request id; another method with * is 400 in the flat body", async () => {
    const options = parseRaw((await rawExchange("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).text);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(options.headers["access-control-allow-origin"]).toBe("*");
    expect(options.headers["access-control-allow-methods"]).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(options.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const get = parseRaw((await rawExchange("GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).text);
    expect(get.status).toBe(400);
    expect(JSON.parse(get.body)).toEqual({
      error: "INVALID_REQUEST",
      message: "The request target is not a path",
      retryable: false,
    });
    expect(get.headers["x-request-id"]).toBeTruthy();
  });

  it("answers CONNECT with 405 and Allow, and an HTTP/1.1 request without Host with 400, in the flat body, then closes", async () => {
    const connectAnswer = await rawExchange("CONNECT /health HTTP/1.1\r\nHost: x\r\n\r\n");
    const refused = parseRaw(connectAnswer.text);
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(JSON.parse(refused.body)).toMatchObject({ error: "METHOD_NOT_ALLOWED", retryable: false });
    expect(refused.headers["x-request-id"]).toBeTruthy();
    expect(refused.headers["access-control-allow-origin"]).toBe("*");
    expect(connectAnswer.closed).toBe(true);
    // Methods Node's parser does not know are no different: 405, not "not valid HTTP".
    for (const method of ["BREW", "get"]) {
      const answer = await rawExchange(`${method} /health HTTP/1.1\r\nHost: x\r\n\r\n`);
      const unknown = parseRaw(answer.text);
      expect(unknown.status, method).toBe(405);
      expect(unknown.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(JSON.parse(unknown.body)).toEqual({
        error: "METHOD_NOT_ALLOWED",
        message: `${method} is not served here`,
        retryable: false,
      });
      expect(answer.closed).toBe(true);
    }
    const hostless = await rawExchange("GET /health HTTP/1.1\r\n\r\n");
    const noHost = parseRaw(hostless.text);
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({
      error: "INVALID_REQUEST",
      message: "The request has no Host header",
      retryable: false,
    });
    expect(noHost.headers["x-request-id"]).toBeTruthy();
    expect(hostless.closed).toBe(true);
    // HTTP/1.0 has no Host header to require.
    const old = parseRaw((await rawExchange("GET /health HTTP/1.0\r\n\r\n")).text);
    expect(old.status).toBe(200);
  });

  it("closes the connection after the 413 for a chunked upload over the limit", async () => {
    const { test } = await createDeveloperWithKeys();
    const session = await start(test.key);
    const url = new URL(session.upload_url);
    const socket = connect(PORT, "127.0.0.1");
    socket.on("error", () => undefined);
    let answer = "";
    socket.on("data", (d) => (answer += d));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(
      `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1 << 20, 7);
    // 129 MiB crosses the 128 MiB limit; stop early once the answer is in.
    const settled = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let sent = 0; sent < 129 && !answer && !socket.destroyed; sent++) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      if (!socket.write("\r\n"))
        await Promise.race([new Promise((r) => socket.once("drain", r)), closed, settled(5000)]);
    }
    // Before the fix the server stopped reading and kept the connection open.
    await Promise.race([closed, settled(5000)]);
    const res = parseRaw(answer);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(res.body)).toMatchObject({ error: "PAYLOAD_TOO_LARGE", retryable: false });
    expect(socket.destroyed || socket.readableEnded).toBe(true);
    socket.destroy();
  });

  it("closes the connection after any answer sent before the body arrived whole, routed or hot", async () => {
    // A client still sending a large body: the answer comes mid-body; the client then stops.
    const answeredMidBody = async (path: string, chunked: boolean) => {
      const socket = connect(PORT, "127.0.0.1");
      socket.on("error", () => undefined);
      let answer = "";
      socket.on("data", (d) => (answer += d));
      const closed = new Promise<boolean>((resolve) => socket.on("close", () => resolve(true)));
      const settled = (ms: number) => new Promise<boolean>((r) => setTimeout(() => r(false), ms));
      const total = 50 * 1024 * 1024;
      const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 32);
      for (let sent = 0; sent < total && !answer && !socket.destroyed; sent += piece.length) {
        if (chunked) socket.write(`${piece.length.toString(16)}\r\n`);
        let flowing = socket.write(piece);
        if (chunked) flowing = socket.write("\r\n");
        if (!flowing) await Promise.race([new Promise((r) => socket.once("drain", r)), closed, settled(5000)]);
      }
      const wasClosed = await Promise.race([closed, settled(5000)]);
      socket.destroy();
      return { ...parseRaw(answer), closed: wasClosed };
    };
    for (const path of ["/sdk/session/start", "/sdk/session/upload-complete", "/sdk/client-token"])
      for (const chunked of [false, true]) {
        const res = await answeredMidBody(path, chunked);
        expect([res.status, JSON.parse(res.body).error], `${path} chunked=${chunked}`).toEqual([
          401,
          "API_KEY_INVALID",
        ]);
        expect(res.headers.connection, `${path} chunked=${chunked}`).toBe("close");
        expect(res.closed, `${path} chunked=${chunked}`).toBe(true);
      }
    // Through the router: the 202 that ignores a body over the JSON cap.
    const forgot = await answeredMidBody("/developer/forgot-password", true);
    expect([forgot.status, forgot.headers.connection, forgot.closed]).toEqual([202, "close", true]);
    // A body read to its end keeps the connection for the next request.
    const whole = await rawExchange("POST /sdk/session/start HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", 1000);
    expect([parseRaw(whole.text).status, parseRaw(whole.text).headers.connection, whole.closed]).toEqual([
      401,
      "keep-alive",
      false,
    ]);
  });

  it("sends the security headers on pages and API answers alike", async () => {
    for (const path of ["/login", "/health", "/nothing/here"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
  });

  it("serves the site icon that its pages link to", async () => {
    const page = await (await fetch(`${base}/login`)).text();
    const href = /<link rel="icon" href="([^"]+)"/.exec(page)?.[1];
    expect(href).toMatch(/^\/icon\.svg/);
    const icon = await fetch(`${base}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
  });
});

/** The developer POSTs that take no ID token (docs/api.md, "Accounts"). */
const PUBLIC_POSTS = [
  "/developer/signup",
  "/developer/login",
  "/developer/verify",
  "/developer/forgot-password",
  "/developer/reset-password",
];

describe("every route of the built app", () => {
  const routes = routeFiles();
  it("finds the route files", () => expect(routes.length).toBeGreaterThan(20));

  it.each(routes.map((file) => [path.relative(process.cwd(), file), file]))(
    "%s: 405 with Allow for every method it does not serve, and CORS preflight",
    async (_name, file) => {
      const declared = await routeMethods(file);
      expect(declared, "the route file exports endpoint({...}) or anyMethod(...)").toBeDefined();
      // Any id will do: a method that is not served is refused before the id is looked at.
      const url = `${base}${routePath(file, (_name, catchAll) => (catchAll ? "no/such/path" : "00000000-0000-4000-8000-000000000000"))}`;
      if (declared!.includes("OPTIONS")) {
        // The catch-all: every method, OPTIONS included, is the flat 404.
        for (const method of HTTP_METHODS) {
          const res = await fetch(url, { method });
          expect(res.status, method).toBe(404);
          if (method !== "HEAD")
            expect(await res.json(), method).toMatchObject({ error: "NOT_FOUND", retryable: false });
        }
        return;
      }
      const notServed = HTTP_METHODS.filter(
        (m) => m !== "OPTIONS" && !declared!.includes(m) && !(m === "HEAD" && declared!.includes("GET")),
      );
      expect(notServed.length).toBeGreaterThan(0);
      for (const method of notServed) {
        const res = await fetch(url, { method });
        expect(res.status, method).toBe(405);
        // HEAD is served wherever GET is, so Allow names it there.
        const allow = [...declared!, ...(declared!.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
        expect(res.headers.get("allow")?.split(", ").sort(), method).toEqual(allow.sort());
        expect(res.headers.get("access-control-allow-origin"), method).toBe("*");
        expect(res.headers.get("x-request-id"), method).toBeTruthy();
        // A HEAD answer carries no body.
        if (method !== "HEAD") {
          expect(res.headers.get("content-type"), method).toContain("application/json");
          expect(await res.json(), method).toEqual({
            error: "METHOD_NOT_ALLOWED",
            message: `${method} is not served at ${new URL(url).pathname}; use ${declared!.join(" or ")}`,
            retryable: false,
          });
        }
      }
      const preflight = await fetch(url, {
        method: "OPTIONS",
        headers: {
          Origin: "https://app.example",
          "Access-Control-Request-Method": declared![0],
          "Access-Control-Request-Headers": "content-type, x-api-key, authorization",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
      // The upload target also takes a chunked upload's headers from a page on another origin;
      // session start, client-token mint and every signed-in developer POST an Idempotency-Key.
      const pathname = new URL(url).pathname;
      const signedInPost =
        pathname.startsWith("/developer/") && declared!.includes("POST") && !PUBLIC_POSTS.includes(pathname);
      const idempotent = signedInPost || ["/sdk/session/start", "/sdk/client-token"].includes(pathname);
      const extra = pathname.startsWith("/upload/")
        ? ", Content-Range, Tensor-Grid"
        : idempotent
          ? ", Idempotency-Key"
          : "";
      expect(preflight.headers.get("access-control-allow-headers")).toBe(
        `Content-Type, Authorization, X-API-Key${extra}`,
      );
      expect(preflight.headers.get("access-control-max-age")).toBe("86400");
      expect(preflight.headers.get("x-request-id")).toBeTruthy();
    },
  );
});
