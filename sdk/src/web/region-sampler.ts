// Every frame: the four regions' boxes drawn side by side into one small canvas (the browser
// resamples each box to 72x72), read back once, masked to skin (skin-frame.ts).
import { PATCH, type RegionLayout } from "./face-regions.js";
import { skinFrame, type FrameStats } from "./skin-frame.js";

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export class RegionSampler {
  readonly #ctx: Context2D;

  constructor() {
    const canvas =
      typeof OffscreenCanvas !== "undefined"
        ? new OffscreenCanvas(4 * PATCH, PATCH)
        : Object.assign(document.createElement("canvas"), { width: 4 * PATCH, height: PATCH });
    // willReadFrequently keeps the canvas in memory: a read-back every frame from the GPU is slower.
    const ctx = canvas.getContext("2d", { willReadFrequently: true }) as Context2D | null;
    if (!ctx) throw new Error("no 2D canvas in this browser");
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "medium";
    this.#ctx = ctx;
  }

  /** Fills `out` (one tensor frame) from the video's current frame, or a decoded file's frame. */
  sample(video: HTMLVideoElement | VideoFrame, layouts: RegionLayout[], out: Uint8Array): FrameStats {
    for (const [r, { box }] of layouts.entries())
      this.#ctx.drawImage(video, box.x, box.y, box.w, box.h, r * PATCH, 0, PATCH, PATCH);
    return skinFrame(this.#ctx.getImageData(0, 0, 4 * PATCH, PATCH).data, layouts, out);
  }
}
