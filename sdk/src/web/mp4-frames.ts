// A picked MP4 or MOV file, frame by frame and as fast as the device decodes (docs/sdk.md, "A
// video file in the browser"): mp4box.js reads the container's video track, WebCodecs'
// VideoDecoder decodes its samples, and every frame comes out in presentation order with its
// own timestamp. Nothing is played, so nothing is dropped when the page is busy.
import { createFile, DataStream, Endianness, MP4BoxBuffer, type Movie, type Sample } from "mp4box";

/** Frames decoded ahead of the one in use: enough to keep the decoder busy, few enough to hold. */
const AHEAD = 4;

export class Mp4Frames {
  readonly width: number;
  readonly height: number;
  /** The track's length, seconds. */
  readonly seconds: number;
  readonly #config: VideoDecoderConfig;
  readonly #samples: Sample[];

  private constructor(config: VideoDecoderConfig, samples: Sample[], seconds: number) {
    this.#config = config;
    this.#samples = samples;
    this.seconds = seconds;
    this.width = config.codedWidth!;
    this.height = config.codedHeight!;
  }

  /**
   * The file's first video track, or undefined when this is not a file it can decode here: not
   * MP4/MOV (a WebM, say), no video track, a picture the file says to turn, a codec this
   * browser's VideoDecoder does not take, or no WebCodecs at all. The caller then plays it.
   */
  static async open(file: Blob): Promise<Mp4Frames | undefined> {
    if (typeof VideoDecoder === "undefined") return undefined;
    const parsed = await demux(file);
    if (!parsed) return undefined;
    const { track, description, samples } = parsed;
    // A turned picture (a phone's portrait video: the display matrix rotates it) would reach
    // the face model on its side; the browser's player turns it, so such a file is played.
    if (!upright(track.matrix)) return undefined;
    const config: VideoDecoderConfig = {
      codec: track.codec,
      codedWidth: track.video!.width,
      codedHeight: track.video!.height,
      ...(description ? { description } : {}),
    };
    const support = await VideoDecoder.isConfigSupported(config).catch(() => undefined);
    if (!support?.supported || !samples.length) return undefined;
    return new Mp4Frames(config, samples, track.duration / track.timescale);
  }

  /**
   * Every frame in presentation order (timestamp in µs from the file's own timeline). The
   * caller closes each frame; leaving the loop early closes the decoder and what it held.
   */
  async *frames(signal?: AbortSignal): AsyncGenerator<VideoFrame> {
    const ready: VideoFrame[] = [];
    let wake: (() => void) | undefined;
    let failure: Error | undefined;
    let flushed = false;
    const decoder = new VideoDecoder({
      output: (frame) => {
        ready.push(frame);
        wake?.();
      },
      error: (err) => {
        failure = err;
        wake?.();
      },
    });
    decoder.addEventListener("dequeue", () => wake?.());
    decoder.configure(this.#config);
    let next = 0;
    try {
      for (;;) {
        signal?.throwIfAborted();
        if (failure) throw failure;
        while (next < this.#samples.length && decoder.decodeQueueSize < AHEAD && ready.length < AHEAD)
          decoder.decode(chunkOf(this.#samples[next++]!));
        if (next === this.#samples.length && !flushed) {
          flushed = true;
          decoder.flush().then(
            () => {
              next = Infinity;
              wake?.();
            },
            (err: Error) => {
              failure ??= err;
              wake?.();
            },
          );
        }
        const frame = ready.shift();
        if (frame) yield frame;
        else if (next === Infinity) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      wake = undefined;
      for (const frame of ready) frame.close();
      if (decoder.state !== "closed") decoder.close();
    }
  }
}

/** The track's display matrix is the identity (a, b, c, d of 16.16 fixed point). */
export function upright(matrix: ArrayLike<number> | undefined): boolean {
  if (!matrix) return true;
  const [a, b, , c, d] = Array.from(matrix);
  return a === 0x10000 && b === 0 && c === 0 && d === 0x10000;
}

function chunkOf(sample: Sample): EncodedVideoChunk {
  return new EncodedVideoChunk({
    type: sample.is_sync ? "key" : "delta",
    timestamp: (sample.cts * 1e6) / sample.timescale,
    duration: (sample.duration * 1e6) / sample.timescale,
    data: sample.data!,
  });
}

export type Demuxed = { track: Movie["videoTracks"][number]; description?: Uint8Array; samples: Sample[] };

/** The first video track's settings and all its samples (the whole file is read: it is local). */
export async function demux(file: Blob): Promise<Demuxed | undefined> {
  const mp4 = createFile();
  let movie: Movie | undefined;
  let failed = false;
  const samples: Sample[] = [];
  mp4.onError = () => {
    failed = true;
  };
  mp4.onReady = (info) => {
    movie = info;
    const track = info.videoTracks[0];
    if (!track) return;
    mp4.setExtractionOptions(track.id, undefined, { nbSamples: Number.POSITIVE_INFINITY });
    mp4.start();
  };
  mp4.onSamples = (_id, _user, got) => {
    samples.push(...got);
  };
  try {
    mp4.appendBuffer(MP4BoxBuffer.fromArrayBuffer(await file.arrayBuffer(), 0));
    mp4.flush();
  } catch {
    return undefined;
  }
  const track = movie?.videoTracks[0];
  if (failed || !track?.video) return undefined;
  return { track, description: codecDescription(mp4, track.id), samples };
}

/**
 * The codec's setup box without its 8-byte header, the decoder's `description`: H.264 (avcC)
 * and H.265 (hvcC) need it; VP9 and AV1 decode without one.
 */
function codecDescription(mp4: ReturnType<typeof createFile>, trackId: number): Uint8Array | undefined {
  for (const entry of mp4.getTrackById(trackId).mdia.minf.stbl.stsd.entries) {
    const e = entry as unknown as Record<string, { write(s: DataStream): void } | undefined>;
    const box = e.avcC ?? e.hvcC;
    if (box) {
      const stream = new DataStream(undefined, 0, Endianness.BIG_ENDIAN);
      box.write(stream);
      return new Uint8Array(stream.buffer, 8);
    }
  }
  return undefined;
}
