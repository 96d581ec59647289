// The realistic evaluation set: every scan's conditions drawn from a fixed seed, so a run
// is reproducible. Stratified: every 16 scans hold each frame rate with each codec, every
// 96 every skin type.
import { seededRandom } from "../../src/synth/random.js";
import type { Codec } from "./codec.js";
import type { SceneOptions } from "./scene.js";

export type RealisticCase = SceneOptions & {
  index: number;
  codec: Codec;
  kbps: number;
  bitsPerPixel: number;
  cheekPx: number;
  /** Face tracker jitter per frame, px (0.3 px at the small chain's ~100 px face). */
  jitterPx: number;
  /** Extraction averages over each output pixel's footprint (a browser's mipmapped downscale). */
  areaAverage: boolean;
  noCodec: boolean;
  /**
   * Names the chain in cache files: "o" the small-face chain (as cached before face sizes
   * were drawn), "f" drawn sizes, led by "n" without the codec and "bX" at X bits per pixel.
   */
  cacheTag: string;
};

export type ChainOptions = {
  /**
   * The first chain's faces: every face 90-114 px wide in a 160x160 frame (cheek regions
   * 25-32 px, the smallest size the chain stands for), bilinear extraction.
   */
  smallFaces?: boolean;
  /**
   * No codec: the regions are extracted from the rendered frames themselves. Not a
   * condition of the set but a control: what the codec costs, against what the scene and
   * the post-processing cost.
   */
  noCodec?: boolean;
  /** A control: every scan at this many bits per pixel per frame instead of its drawn rate. */
  bitsPerPixel?: number;
};

const FPS = [15, 24, 30, 60];
// H.264 twice: phones record it; browsers send VP8 or VP9.
const CODECS: Codec[] = ["h264", "h264", "vp8", "vp9"];
export const FRAME_SIZE = 160; // the small-face frame; other sizes keep the face's share of it
export const CHEEK_SHARE = 0.28; // cheek region width over face width (extract.ts BOXES)
// Cheek regions log-uniform over 25-80 source pixels: the issue's smallest (a face ~90 px
// wide, a small crop or a distant webcam) up to a laptop webcam at arm's length (~50 px at
// 720p) and a phone's front camera held close (80 px and more; capped at 80 so the largest
// frame, ~510 px, keeps a 200-scan run near an hour on one core).
export const CHEEK_MIN = 25;
export const CHEEK_MAX = 80;

export function realisticCases(count: number, seedOffset = 0, options: ChainOptions = {}): RealisticCase[] {
  return Array.from({ length: count }, (_, index) => {
    const rand = seededRandom(500000 + seedOffset + index * 7);
    const fps = FPS[index % 4];
    const heartRate = 40 + 140 * rand();
    // The small chain's face (90-114 px in 160x160) sets the face's share of the frame.
    const smallFace = Math.round(90 + 24 * rand()); // cheeks 25-32 px
    // Bits per pixel per frame, log-uniform 0.1-1.0: WebRTC and messaging apps at the low
    // end, phone camera recordings (1080p30 at 16 Mbps is 0.26) in the middle, browser
    // MediaRecorder at a small resolution and high-quality recordings at the top.
    const drawnBits = 0.1 * 10 ** rand();
    const bitsPerPixel = options.bitsPerPixel ?? drawnBits;
    // The face size comes from its own stream, so every other condition of a scan (rate,
    // physiology, codec, bitrate per pixel, noise, camera events) is the small chain's.
    let faceWidth = smallFace,
      frame = FRAME_SIZE;
    if (!options.smallFaces) {
      const u = seededRandom(900000 + seedOffset + index * 7)();
      const cheek = CHEEK_MIN * (CHEEK_MAX / CHEEK_MIN) ** u;
      faceWidth = Math.round(cheek / CHEEK_SHARE);
      frame = 2 * Math.round((FRAME_SIZE * faceWidth) / smallFace / 2); // even: 4:2:0 video
    }
    // Head movements and tracker jitter are fractions of the face: in pixels they grow with it.
    const scale = faceWidth / smallFace;
    const kbps = Math.round((bitsPerPixel * frame * frame * fps) / 1000);
    return {
      index,
      seed: 500000 + seedOffset + index,
      fps,
      seconds: 20,
      width: frame,
      height: frame,
      faceWidth,
      cheekPx: Math.round(CHEEK_SHARE * faceWidth),
      heartRate,
      respiratoryRate: 6 + 24 * rand(),
      sdnnMs: (15 + 45 * rand()) * Math.min(1, 75 / heartRate),
      fitzpatrick: 1 + (Math.floor(index / 16) % 6),
      // Temporal noise left after the phone's own denoising, grey levels.
      noise: 0.8 + 2.2 * rand(),
      exposureSteps: Math.floor(3 * rand()),
      whiteBalanceSteps: Math.floor(2 * rand()),
      moves: Math.floor(3 * rand()),
      motionScale: scale,
      jitterPx: 0.3 * scale,
      areaAverage: !options.smallFaces,
      noCodec: !!options.noCodec,
      cacheTag: `${options.noCodec ? "n" : ""}${options.bitsPerPixel !== undefined ? `b${options.bitsPerPixel}` : ""}${options.smallFaces ? "o" : "f"}`,
      codec: CODECS[Math.floor(index / 4) % 4],
      kbps,
      bitsPerPixel,
    };
  });
}
