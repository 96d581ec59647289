// Every frame: the frame drawn once, whole, into a canvas of its own size, the four regions'
// union read back once, each region's box area-averaged to 72x72 (patch-crop.ts) and masked
// to skin (skin-frame.ts). One draw and one read a frame, and no source rectangle: WebKit
// ignores a VideoFrame's (docs/sdk.md, "Engines").
import { PATCH, type RegionLayout } from "./face-regions.js";
import { cropPatches, unionOf } from "./patch-crop.js";
import { skinFrame, type FrameStats } from "./skin-frame.js";

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export class RegionSampler {
  readonly #ctx: Context2D;
  readonly #patches = new Uint8ClampedArray(4 * PATCH * PATCH * 4);

  constructor() {
    const canvas =
      typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(1, 1) : document.createElement("canvas");
    // willReadFrequently keeps the canvas in memory: a read-back every frame from the GPU is slower.
    const ctx = canvas.getContext("2d", { willReadFrequently: true }) as Context2D | null;
    if (!ctx) throw new Error("no 2D canvas in this browser");
    this.#ctx = ctx;
  }

  /** Fills `out` (one tensor frame) from the video's current frame, or a decoded file's frame. */
  sample(source: HTMLVideoElement | VideoFrame, layouts: RegionLayout[], out: Uint8Array): FrameStats {
    const [width, height] =
      "videoWidth" in source ? [source.videoWidth, source.videoHeight] : [source.displayWidth, source.displayHeight];
    const canvas = this.#ctx.canvas;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const boxes = layouts.map((l) => l.box);
    const span = unionOf(boxes, width, height);
    // Only the union is drawn (the canvas clips the rest): the same one draw, less to convert.
    this.#ctx.save();
    this.#ctx.beginPath();
    this.#ctx.rect(span.x, span.y, span.w, span.h);
    this.#ctx.clip();
    this.#ctx.drawImage(source, 0, 0, width, height);
    this.#ctx.restore();
    cropPatches(this.#ctx.getImageData(span.x, span.y, span.w, span.h).data, span, boxes, this.#patches);
    return skinFrame(this.#patches, layouts, out);
  }
}
