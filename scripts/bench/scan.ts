// npm run bench:scan [-- --tensor FILE] [--seconds 20] [--grids 72,36]: a 20 s, 30 fps capture uploaded while it is
// captured, against the production build (default storage driver, PostgreSQL), through a local
// proxy that paces the client's bytes to an uplink's rate with 40 ms of round trip. The frames
// are fed in real time into gzip and the SDK's ChunkedUpload (sdk/src/chunked-upload.ts), as the
// browser SDK does (docs/sdk.md, "Upload while capturing"); the same tensor is then sent whole
// after the capture, as before. Prints, per uplink: the tensor's bytes, the bytes left to send
// when the capture ends, the capture's end to the result, the header and upload-complete after
// the last body byte, and the server's CPU time per scan; on each grid of --grids (72: the
// version 1 tensor; 36, 24, 18: version 2, pooled as the SDK pools, docs/tensor-format.md).
// FILE: a tensor to replay (e.g. one a
// browser capture uploaded, E2E_KEEP_TENSOR=1 in e2e/capture.spec.ts); else a synthetic face.
// Needs `npm run build` first and PostgreSQL (TEST_ADMIN_DATABASE_URL).
import { readFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { loadavg } from "node:os";
import { createGzip } from "node:zlib";
import { decodeTensor, encodeTensor, FRAME_BYTES, synthesizeFrames } from "@vitals/inference";
import { applyMigrations } from "../../lib/migrations/apply-migrations";
import { withMigrationExecutor } from "../../lib/migrations/executors";
import { VitalsClient } from "../../sdk/src/client";
import { crc32Update, tensorHeader } from "../../sdk/src/encode-tensor";
import { START_AT_USABLE_SECONDS } from "../../sdk/src/web/streamed-scan";
import { frameBytesOfGrid, isTensorGrid, poolFrame, type TensorGrid } from "../../sdk/src/tensor-grid";
import { createDatabase, dropDatabase } from "../../test/pg-admin";
import { cpuMs, freePort, startServerProcess } from "../../test/server-process";

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SECONDS = Number(arg("--seconds") ?? 20);
const GRIDS = (arg("--grids") ?? "72,36").split(",").map(Number).filter(isTensorGrid);
const RTT_MS = 40;
const UPLINKS: [string, number][] = [
  ["unthrottled", 0],
  ["10 Mbit/s", 10e6 / 8],
  ["2 Mbit/s", 2e6 / 8],
];

/** The capture: frames at their rate (a replayed tensor's, or a synthetic face's). */
async function frames(): Promise<{ body: Uint8Array; frameCount: number; fps: number }> {
  const file = arg("--tensor");
  if (file) {
    const { header, frames } = await decodeTensor(readFileSync(file));
    const frameCount = Math.min(header.frameCount, Math.round(SECONDS * header.fps));
    return { body: frames.subarray(0, frameCount * FRAME_BYTES), frameCount, fps: header.fps };
  }
  const synth = synthesizeFrames({ seed: 5, heartRate: 72, frameCount: SECONDS * 30, noise: 2 });
  return { body: synth.frames, frameCount: synth.frameCount, fps: synth.fps };
}

/**
 * A TCP proxy whose client-to-server bytes go at `rate` bytes a second (0: unpaced), each way
 * delayed by half the round trip: an uplink, as the browser test's CDP throttling sets one.
 */
async function uplink(target: number, rate: number): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => sockets.delete(s));
    }
    let free = 0;
    // One queue, delivered in order by one timer at a time: a timer per piece would fire out of
    // order (Node rounds each delay to whole ms from its own start) and reorder the bytes.
    const queue: { at: number; data: Buffer }[] = [];
    let waiting = false;
    const schedule = () => {
      if (waiting || queue.length === 0) return;
      waiting = true;
      setTimeout(deliver, Math.max(1, queue[0]!.at - performance.now()));
    };
    const deliver = () => {
      waiting = false;
      while (queue.length > 0 && queue[0]!.at <= performance.now()) upstream.write(queue.shift()!.data);
      schedule();
    };
    client.on("data", (data: Buffer) => {
      const now = performance.now();
      free = Math.max(free, now) + (rate ? (data.length / rate) * 1000 : 0);
      queue.push({ at: free + RTT_MS / 2, data });
      schedule();
      // Back-pressure: the client waits while the paced queue is long.
      if (rate && free - now > 200) {
        client.pause();
        setTimeout(() => client.resume(), free - now - 100);
      }
    });
    upstream.on("data", (data: Buffer) => setTimeout(() => client.write(data), RTT_MS / 2));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    close: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

type Run = {
  tensorBytes: number;
  pendingAtEnd: number;
  resultMs: number;
  headerMs: number;
  completeMs: number;
  serverCpuMs: number;
  heartRate: number;
};

const via = (url: string, port: number) => {
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
};

/** One scan uploaded while captured: gzip and chunks as the frames come, the header at the end. */
async function streamed(
  key: string,
  port: number,
  serverPid: number,
  capture: Awaited<ReturnType<typeof frames>>,
  grid: TensorGrid,
) {
  const client = new VitalsClient({ apiKey: key, baseUrl: `http://127.0.0.1:${port}` });
  const cpu0 = cpuMs(serverPid);
  const gzip = createGzip({ level: 6 });
  let bodyBytes = 0;
  let upload: ReturnType<VitalsClient["chunkedUpload"]> | undefined;
  const early: Buffer[] = [];
  gzip.on("data", (b: Buffer) => {
    bodyBytes += b.length;
    if (upload) upload.write(b);
    else early.push(b);
  });
  const gzipped = new Promise((resolve) => gzip.on("end", resolve));
  let crc = 0;
  let session: Awaited<ReturnType<VitalsClient["startSession"]>> | undefined;
  const started = performance.now();
  for (let i = 0; i < capture.frameCount; i++) {
    // Real time: frame i is captured at i / fps.
    const due = started + (i * 1000) / capture.fps;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const frame = poolFrame(capture.body.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES), grid);
    crc = crc32Update(crc, frame);
    gzip.write(frame);
    // The session starts after START_AT_USABLE_SECONDS of capture, as the browser SDK's does.
    if (!session && i === Math.round(START_AT_USABLE_SECONDS * capture.fps)) {
      session = await client.startSession();
      upload = client.chunkedUpload(via(session.upload_url, port), { grid });
      for (const b of early) upload.write(b);
    }
  }
  gzip.end();
  await gzipped;
  const ended = performance.now();
  const header = tensorHeader({
    frameCount: capture.frameCount,
    fps: capture.fps,
    gzip: true,
    bodyLength: bodyBytes,
    crc,
    captureStartedAt: 0,
    grid,
  });
  const pendingAtEnd = upload!.pendingBytes + header.byteLength;
  // finish() sends the rest of the body, then the header: the last body byte is acknowledged
  // when nothing is pending any more.
  let lastByte = 0;
  const watch = setInterval(() => {
    if (upload!.pendingBytes === 0 && !lastByte) lastByte = performance.now();
  }, 1);
  await upload!.finish(header);
  clearInterval(watch);
  const headerDone = performance.now();
  lastByte ||= headerDone;
  const result = await client.completeUpload(session!.session_id);
  const done = performance.now();
  return {
    tensorBytes: bodyBytes + header.byteLength,
    pendingAtEnd,
    resultMs: done - ended,
    headerMs: headerDone - lastByte,
    completeMs: done - headerDone,
    serverCpuMs: cpuMs(serverPid) - cpu0,
    heartRate: result.vitals?.heart_rate ?? NaN,
  } satisfies Run;
}

/** The same capture sent whole after it ended (the SDK before uploading while capturing). */
async function whole(key: string, port: number, serverPid: number, tensor: Uint8Array) {
  const client = new VitalsClient({ apiKey: key, baseUrl: `http://127.0.0.1:${port}` });
  const cpu0 = cpuMs(serverPid);
  const ended = performance.now();
  const session = await client.startSession();
  // One PUT: the whole-upload path (uploadTensor would chunk a tensor this size).
  const res = await fetch(via(session.upload_url, port), {
    method: "PUT",
    headers: { "content-type": "application/octet-stream" },
    body: tensor as Uint8Array<ArrayBuffer>,
  });
  if (res.status !== 200) throw new Error(`whole upload: ${res.status}`);
  const uploaded = performance.now();
  const result = await client.completeUpload(session.session_id);
  const done = performance.now();
  return {
    resultMs: done - ended,
    completeMs: done - uploaded,
    serverCpuMs: cpuMs(serverPid) - cpu0,
    heartRate: result.vitals?.heart_rate ?? NaN,
  };
}

const ms = (v: number) => `${Math.round(v)} ms`;
const mb = (v: number) => `${(v / 1e6).toFixed(2)} MB`;

async function main() {
  const db = await createDatabase("vitals_bench");
  process.env.DATABASE_URL = db.url;
  const port = await freePort();
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await withMigrationExecutor({ databaseUrl: db.url, embeddedDir: "" }, applyMigrations);
    server = await startServerProcess(
      { DATABASE_URL: db.url, DATA_DIR: `/tmp/vitals-bench-scan-${process.pid}` },
      port,
    );
    const { createDeveloperWithKeys } = await import("../../test/fixtures");
    const { live } = await createDeveloperWithKeys({ plan: "enterprise" });
    const capture = await frames();
    const tensorOf = (grid: TensorGrid) => {
      const size = frameBytesOfGrid(grid);
      const body = grid === 72 ? capture.body : new Uint8Array(capture.frameCount * size);
      if (grid !== 72)
        for (let t = 0; t < capture.frameCount; t++)
          poolFrame(
            capture.body.subarray(t * FRAME_BYTES, (t + 1) * FRAME_BYTES),
            grid,
            body.subarray(t * size, (t + 1) * size),
          );
      return encodeTensor(body, { frameCount: capture.frameCount, fps: capture.fps, gzip: true, grid });
    };
    const tensor = tensorOf(72);
    console.log(
      `Load average ${loadavg()[0].toFixed(1)}; a ${capture.frameCount}-frame capture at ${capture.fps} fps (${arg("--tensor") ?? "synthetic face"}), round trip ${RTT_MS} ms`,
    );
    // Warm up the server's inference pool and both paths.
    const open = await uplink(port, 0);
    await whole(live.key, open.port, server.pid!, tensor);
    open.close();
    const rows: string[] = [];
    for (const grid of GRIDS)
      for (const [name, rate] of UPLINKS) {
        const link = await uplink(port, rate);
        const s = await streamed(live.key, link.port, server.pid!, capture, grid);
        const w = await whole(live.key, link.port, server.pid!, tensorOf(grid));
        link.close();
        rows.push(
          `| ${grid} | ${name} | ${mb(s.tensorBytes)} | ${mb(s.pendingAtEnd)} | **${ms(s.resultMs)}** (whole: ${ms(w.resultMs)}) | ${ms(s.headerMs)} + ${ms(s.completeMs)} (whole: upload-complete ${ms(w.completeMs)}) | ${ms(s.serverCpuMs)} (whole: ${ms(w.serverCpuMs)}) | ${s.heartRate} / ${w.heartRate} |`,
        );
        console.log(rows[rows.length - 1]);
      }
    console.log(
      "\n| grid | uplink | tensor | left at the capture's end | capture's end to result | header + upload-complete after the last body byte | server CPU per scan | heart rate (streamed / whole) |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) console.log(r);
  } finally {
    server?.kill();
    await dropDatabase(db.name);
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
