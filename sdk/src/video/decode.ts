// A video file's frames as packed RGB with their presentation times, decoded by the system's
// ffmpeg (any codec and container it reads: MP4/H.264, WebM/VP8/VP9, MOV/HEVC, Y4M). Frames
// are streamed, one at a time: a 20 s capture is never held whole.
import { spawn, execFile } from "node:child_process";
import { promisify } from "node:util";
import { CaptureError } from "../web/errors.js";

const run = promisify(execFile);

/** Frames wider than this are scaled down (the face model and the regions need far less). */
export const MAX_DECODE_WIDTH = 1280;

export type VideoInfo = { width: number; height: number; fps: number; seconds: number };

/**
 * Size (as shown: a rotated phone video's upright size), frame rate and length of the first video
 * stream; CaptureError "source" when there is none.
 */
export async function probeVideo(file: string): Promise<VideoInfo> {
  let out: string;
  try {
    ({ stdout: out } = await run("ffprobe", [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=width,height,avg_frame_rate,r_frame_rate:stream_tags=rotate:stream_side_data=rotation:format=duration",
      "-of",
      "json",
      file,
    ]));
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    const why =
      e.code === "ENOENT" ? "ffprobe is not installed (it comes with ffmpeg)" : (e.stderr ?? e.message).trim();
    throw new CaptureError("source", `cannot read ${file} as a video: ${why}`, { cause: err });
  }
  const info = JSON.parse(out) as {
    streams?: {
      width?: number;
      height?: number;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
    format?: { duration?: string };
  };
  const stream = info.streams?.[0];
  const rate = (r?: string) => {
    const [n, d] = (r ?? "").split("/").map(Number);
    return n! > 0 && d! > 0 ? n! / d! : NaN;
  };
  const fps = Number.isFinite(rate(stream?.avg_frame_rate)) ? rate(stream?.avg_frame_rate) : rate(stream?.r_frame_rate);
  if (!stream?.width || !stream.height || !(fps > 0))
    throw new CaptureError("source", `${file} has no video stream ffmpeg can read`);
  // A phone stores a portrait video as landscape frames and a rotation to show them with;
  // ffmpeg turns the frames upright as it decodes, so the frames are the other way round.
  const rotation = Number(
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0,
  );
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const [width, height] = quarterTurn ? [stream.height, stream.width] : [stream.width, stream.height];
  return { width, height, fps, seconds: Number(info.format?.duration) || NaN };
}

/** The size frames are decoded at: the video's own, or scaled to MAX_DECODE_WIDTH (even sides). */
export function decodeSize(info: VideoInfo): { width: number; height: number } {
  if (info.width <= MAX_DECODE_WIDTH) return { width: info.width, height: info.height };
  const height = 2 * Math.round((info.height * MAX_DECODE_WIDTH) / info.width / 2);
  return { width: MAX_DECODE_WIDTH, height };
}

/**
 * Decodes up to `maxSeconds` of `file` and calls `onFrame` with each frame's RGB (valid only
 * during the call) and its presentation time in ms (from ffmpeg's showinfo: right for
 * variable frame rates too). `onFrame` may return a promise: decoding waits for it.
 */
export async function decodeFrames(
  file: string,
  size: { width: number; height: number },
  maxSeconds: number,
  onFrame: (rgb: Uint8Array, timeMs: number) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  const frameBytes = size.width * size.height * 3;
  const ffmpeg = spawn(
    "ffmpeg",
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "info",
      "-t",
      String(maxSeconds),
      "-i",
      file,
      "-an",
      "-vf",
      `scale=${size.width}:${size.height},showinfo`,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "pipe:1",
    ],
    { stdio: ["ignore", "pipe", "pipe"], signal },
  );
  const times: number[] = [];
  let stderrTail = "";
  let pendingLine = "";
  ffmpeg.stderr.setEncoding("utf8");
  ffmpeg.stderr.on("data", (text: string) => {
    const lines = (pendingLine + text).split("\n");
    pendingLine = lines.pop() ?? "";
    for (const line of lines) {
      const m = /\bn:\s*\d+\s+pts:\s*-?\d+\s+pts_time:(-?[\d.]+)/.exec(line);
      if (m) times.push(Number(m[1]) * 1000);
      else stderrTail = `${stderrTail}\n${line}`.slice(-600);
    }
  });
  const exited = new Promise<number | null>((resolve) => {
    ffmpeg.on("close", (code) => resolve(code));
    ffmpeg.on("error", () => resolve(null));
  });
  const spawnError = new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    ffmpeg.on("error", (err) => resolve(err));
    ffmpeg.on("spawn", () => resolve(undefined));
  });
  const failed = await spawnError;
  if (failed) {
    if (signal?.aborted) throw signal.reason;
    throw new CaptureError(
      "source",
      failed.code === "ENOENT" ? "ffmpeg is not installed" : `ffmpeg did not start: ${failed.message}`,
      { cause: failed },
    );
  }

  let count = 0;
  // Pipe chunks are filled into one frame's buffer: copied once, never joined.
  const frame = new Uint8Array(frameBytes);
  let filled = 0;
  // A frame's time comes on stderr, its pixels on stdout: wait for the time when it lags.
  const timeOf = async (index: number) => {
    while (times.length <= index && ffmpeg.exitCode === null) await new Promise((r) => setTimeout(r, 2));
    return times[index];
  };
  try {
    for await (const chunk of ffmpeg.stdout as AsyncIterable<Buffer>) {
      for (let used = 0; used < chunk.length; ) {
        const take = Math.min(frameBytes - filled, chunk.length - used);
        frame.set(chunk.subarray(used, used + take), filled);
        filled += take;
        used += take;
        if (filled < frameBytes) break;
        const time = (await timeOf(count)) ?? (count > 0 ? NaN : 0);
        await onFrame(frame, time);
        count++;
        filled = 0;
      }
    }
  } catch (err) {
    ffmpeg.kill("SIGKILL");
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
  const code = await exited;
  if (signal?.aborted) throw signal.reason;
  if (code !== 0 && count === 0)
    throw new CaptureError("source", `ffmpeg could not decode ${file}: ${stderrTail.trim().split("\n").pop() ?? ""}`);
  return count;
}
