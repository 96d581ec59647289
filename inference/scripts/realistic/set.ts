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
};

const FPS = [15, 24, 30, 60];
// H.264 twice: phones record it; browsers send VP8 or VP9.
const CODECS: Codec[] = ["h264", "h264", "vp8", "vp9"];
export const FRAME_SIZE = 160; // small frames keep a 240-scan run in minutes; the face is what matters

export function realisticCases(count: number, seedOffset = 0): RealisticCase[] {
  return Array.from({ length: count }, (_, index) => {
    const rand = seededRandom(500000 + seedOffset + index * 7);
    const fps = FPS[index % 4];
    const heartRate = 40 + 140 * rand();
    const faceWidth = Math.round(90 + 24 * rand()); // cheeks 25-32 px
    // Bits per pixel per frame, log-uniform 0.1-1.0: WebRTC and messaging apps at the low
    // end, phone camera recordings (1080p30 at 16 Mbps is 0.26) in the middle, browser
    // MediaRecorder at a small resolution and high-quality recordings at the top.
    const bitsPerPixel = 0.1 * 10 ** rand();
    const kbps = Math.round((bitsPerPixel * FRAME_SIZE * FRAME_SIZE * fps) / 1000);
    return {
      index,
      seed: 500000 + seedOffset + index,
      fps,
      seconds: 20,
      width: FRAME_SIZE,
      height: FRAME_SIZE,
      faceWidth,
      cheekPx: Math.round(0.28 * faceWidth),
      heartRate,
      respiratoryRate: 6 + 24 * rand(),
      sdnnMs: (15 + 45 * rand()) * Math.min(1, 75 / heartRate),
      fitzpatrick: 1 + (Math.floor(index / 16) % 6),
      // Temporal noise left after the phone's own denoising, grey levels.
      noise: 0.8 + 2.2 * rand(),
      exposureSteps: Math.floor(3 * rand()),
      whiteBalanceSteps: Math.floor(2 * rand()),
      moves: Math.floor(3 * rand()),
      codec: CODECS[Math.floor(index / 4) % 4],
      kbps,
      bitsPerPixel,
    };
  });
}
