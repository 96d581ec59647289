import { open, readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { frameProgress, progressStyle, type ProgressStyle } from "./cli-progress.js";
import { VitalsClient } from "./client.js";
import { InvalidApiKeyError, PollTimeoutError, VitalsApiError, VitalsNetworkError } from "./errors.js";
import { inspectTensor, TENSOR_MAGIC } from "./tensor.js";
import { DEFAULT_CAPTURE_GRID, isTensorGrid, type TensorGrid } from "./tensor-grid.js";
import type { Demographics, FetchLike, Sleep } from "./types.js";

export const EXIT = { ok: 0, serviceError: 1, usage: 2, fallback: 3, pollTimeout: 4, noSignal: 5 } as const;

export const USAGE = `Usage: vitals scan [options] FILE

Uploads a prepared tensor (docs/tensor-format.md), or the tensor of a video file of a face
(any format ffmpeg reads: the face is tracked and the skin regions sampled here, and only the
tensor is uploaded), and prints the vitals as JSON.

Options:
  --key K           API key (or VITALS_API_KEY)
  --base-url U      service address (or VITALS_BASE_URL)
  --poll            also poll the result while upload-complete runs
  --include waveform  also print the service's pulse and breathing waveforms: the output is
                    then { "vitals": ..., "waveforms": ... } instead of the vitals alone
  --age N --sex M|F|X --fitzpatrick N   demographics (optional)
  --max-retries N   retries of a rate-limited call after Retry-After (default 3)
  --seconds N       seconds of a video to use from its start (default 20; 6 to 120)
  --grid N          the grid a video's skin regions are sent on: 36 (default), 24 or 18
                    (version 2 of the tensor format, fewer bytes), or 72 (version 1)
  --force           upload with a live key even if FILE is neither a tensor nor a video
  --quiet           no progress on stderr (otherwise a video shows the frames tracked and
                    the time left: one line redrawn on a terminal, a line every 10 % elsewhere)
  --verbose         for a video, print on stderr every frame (usable, or why not), the frames
                    the tensor spans and its SHA-256: enough to reproduce the scan

Exit codes: 0 measured; 1 error from the service or the network; 2 bad usage, key or file;
3 fallback vitals (confidence 0: inference failed); 4 polling gave up; 5 the video has too
little usable face (nothing was uploaded).`;

export type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** stderr is a terminal: a video's progress is one line redrawn in place. */
  stderrIsTTY?: boolean;
  /** The terminal's width, to fit that line. */
  columns?: number;
  fetch?: FetchLike;
  sleep?: Sleep;
};

class UsageError extends Error {}

function demographicsOf(values: Record<string, string | string[] | boolean | undefined>): Demographics | undefined {
  const d: Demographics = {};
  const whole = (name: string) => {
    const raw = values[name];
    if (raw === undefined) return undefined;
    if (typeof raw !== "string" || !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
    return Number(raw);
  };
  d.age = whole("age");
  d.fitzpatrick = whole("fitzpatrick");
  if (values.sex !== undefined) {
    if (values.sex !== "M" && values.sex !== "F" && values.sex !== "X") throw new UsageError("--sex must be M, F or X");
    d.sex = values.sex;
  }
  const given = Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Demographics;
  return Object.keys(given).length ? given : undefined;
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: "string" },
      "base-url": { type: "string" },
      poll: { type: "boolean" },
      include: { type: "string", multiple: true },
      age: { type: "string" },
      sex: { type: "string" },
      fitzpatrick: { type: "string" },
      "max-retries": { type: "string" },
      force: { type: "boolean" },
      seconds: { type: "string" },
      grid: { type: "string" },
      quiet: { type: "boolean" },
      verbose: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  return { values, positionals };
}

/** The CLI without process globals, so tests can drive it. Resolves with the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.stderr(`${(err as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const [command, file, ...extra] = positionals;
  if (command !== "scan" || !file || extra.length) {
    io.stderr(`${command && command !== "scan" ? `Unknown command: ${command}\n\n` : ""}${USAGE}\n`);
    return EXIT.usage;
  }
  const progress = (text: string) => values.quiet || io.stderr(`${text}\n`);

  let client: VitalsClient;
  let tensor: Uint8Array;
  let demographics: Demographics | undefined;
  try {
    const baseUrl = values["base-url"] ?? io.env.VITALS_BASE_URL;
    if (!baseUrl) throw new UsageError("--base-url (or VITALS_BASE_URL) is required");
    const maxRetries = values["max-retries"] === undefined ? undefined : Number(values["max-retries"]);
    if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0))
      throw new UsageError("--max-retries must be 0 or more");
    demographics = demographicsOf(values);
    if (values.include?.some((v) => v !== "waveform"))
      throw new UsageError('--include takes "waveform" (the only thing a result can include)');
    client = new VitalsClient({
      apiKey: values.key ?? io.env.VITALS_API_KEY ?? "",
      baseUrl,
      fetch: io.fetch,
      sleep: io.sleep,
      maxRetries,
      onRetry: (e, wait) => progress(`${e.error}: waiting ${wait} s before retrying`),
    });
    const seconds = values.seconds === undefined ? undefined : Number(values.seconds);
    if (seconds !== undefined && !Number.isFinite(seconds)) throw new UsageError("--seconds must be a number");
    const grid = values.grid === undefined ? DEFAULT_CAPTURE_GRID : Number(values.grid);
    if (!isTensorGrid(grid)) throw new UsageError("--grid must be 72, 36, 24 or 18");
    const unreadable = (err: NodeJS.ErrnoException) => {
      throw new UsageError(`Cannot read ${file}: ${err.code ?? err.message}`);
    };
    const video = (await looksLikeTensor(file).catch(unreadable))
      ? undefined
      : await videoTensor(
          file,
          {
            seconds,
            grid,
            verbose: values.verbose === true,
            columns: io.columns,
            style: progressStyle({
              stderrIsTTY: io.stderrIsTTY === true,
              quiet: values.quiet === true,
              verbose: values.verbose === true,
            }),
          },
          progress,
          io.stderr,
        );
    if (typeof video === "number") return video;
    tensor = video ?? new Uint8Array(await readFile(file).catch(unreadable));
  } catch (err) {
    if (err instanceof UsageError || err instanceof InvalidApiKeyError || err instanceof TypeError) {
      io.stderr(`${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }

  // A live scan costs quota; a file that is not a tensor can only buy fallback values.
  const inspected = inspectTensor(tensor);
  if (!inspected.ok) {
    if (client.environment === "live" && !values.force) {
      io.stderr(
        `${file} is not a tensor (${inspected.reason}); a live scan would return fallback vitals. Use --force to upload anyway.\n`,
      );
      return EXIT.usage;
    }
    progress(`warning: ${file} is not a tensor (${inspected.reason})`);
  }

  try {
    const result = await client.measure(tensor, {
      demographics,
      poll: values.poll === true,
      include: values.include?.length ? ["waveform"] : undefined,
      onProgress: (stage, session) => progress(`${stage} (session ${session.session_id})`),
    });
    const printed = values.include?.length
      ? { vitals: result.vitals ?? null, waveforms: result.waveforms ?? null }
      : (result.vitals ?? null);
    io.stdout(`${JSON.stringify(printed, null, 2)}\n`);
    if (result.status !== "completed" || !result.vitals || result.vitals.confidence === 0) {
      io.stderr(
        `Inference failed: these are fallback values (status ${result.status}, confidence 0), not a measurement.\n`,
      );
      return EXIT.fallback;
    }
    return EXIT.ok;
  } catch (err) {
    if (err instanceof PollTimeoutError) {
      io.stderr(`${err.message}\n`);
      return EXIT.pollTimeout;
    }
    if (err instanceof VitalsApiError || err instanceof VitalsNetworkError) {
      io.stderr(`${err.message}\n`);
      return EXIT.serviceError;
    }
    // Refused by the client before any request (a tensor over the upload limit).
    if (err instanceof RangeError) {
      io.stderr(`${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}

/** True when the file starts with the tensor's magic (docs/tensor-format.md). */
async function looksLikeTensor(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const head = new Uint8Array(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && TENSOR_MAGIC.every((b, i) => head[i] === b);
  } finally {
    await handle.close();
  }
}

/**
 * The tensor of `file` when it is a video (sdk/src/video: loaded only then); undefined when it
 * is not one; an exit code when it is a video without enough usable face.
 */
async function videoTensor(
  file: string,
  opts: { seconds: number | undefined; grid: TensorGrid; verbose: boolean; style: ProgressStyle; columns?: number },
  progress: (text: string) => void,
  stderr: (text: string) => void,
): Promise<Uint8Array | number | undefined> {
  const { probeVideo, tensorFromVideo, frameReportLine, CaptureError } = await import("./video/index.js");
  let info: Awaited<ReturnType<typeof probeVideo>>;
  try {
    info = await probeVideo(file);
  } catch {
    return undefined;
  }
  progress(`building the tensor from the video (face tracking, skin regions)`);
  const verbose = (text: string) => opts.verbose && stderr(`${text}\n`);
  verbose(
    `video: ${info.width}x${info.height}, ${info.fps.toFixed(3)} fps, ${info.seconds.toFixed(3)} s; --seconds ${opts.seconds ?? "(default)"}`,
  );
  // Frames expected: the seconds used at the video's rate (a bad --seconds is refused below).
  const seconds = Math.min(opts.seconds ?? 20, Number.isFinite(info.seconds) ? info.seconds : Infinity);
  const frames = frameProgress({
    style: opts.style,
    total: Math.max(1, Math.round(seconds * info.fps)),
    write: stderr,
    columns: opts.columns,
  });
  try {
    const made = await tensorFromVideo(file, {
      durationSeconds: opts.seconds,
      grid: opts.grid,
      onFrame: (f) => {
        frames.frame(f.reason === "after-end");
        if (opts.verbose) verbose(frameReportLine(f));
      },
    }).finally(() => frames.end());
    progress(
      `tensor: ${made.frameCount} frames at ${made.fps.toFixed(2)} fps, ${made.usableSeconds.toFixed(1)} s with a usable face`,
    );
    verbose(
      `tensor: decoded frames ${made.firstFrame} to ${made.lastFrame} (the first and last usable ones; the frames between that are not usable are masked) of ${made.decodedFrames} decoded, resampled to ${made.frameCount} at ${made.fps.toFixed(3)} fps; body sha256 ${made.bodySha256}`,
    );
    return made.tensor;
  } catch (err) {
    if (err instanceof CaptureError && err.reason === "not-enough-signal") {
      stderr(`${file}: ${err.message}\n`);
      return EXIT.noSignal;
    }
    // A video ffmpeg cannot decode after all, or a face model that does not load.
    if (err instanceof CaptureError) throw new UsageError(`${file}: ${err.message}`);
    if (err instanceof RangeError) throw new UsageError(`--seconds: ${err.message}`);
    throw err;
  }
}
