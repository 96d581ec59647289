// The face box and the four skin regions the SDK samples, drawn in the video's own pixels on a
// canvas laid exactly over the preview. Decorative: the feedback line says it in words.
import type { CaptureEvents } from "../events.js";

/** Colours of the four regions in the tensor's order; the legend names them, so colour is never the only cue. */
export const REGION_RGB = [
  [56, 189, 248],
  [52, 211, 153],
  [250, 204, 21],
  [244, 114, 182],
] as const;
const PATCH = 72;

export function drawRegions(canvas: HTMLCanvasElement, regions: CaptureEvents["regions"] | null): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  canvas.dataset.regions = String(regions ? regions.regions.length : 0);
  if (!regions) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return;
  }
  // Resized only when the video's size changes: a resize reallocates the canvas (it is redrawn
  // at every landmark refresh, many times a second).
  if (canvas.width !== regions.width || canvas.height !== regions.height) {
    canvas.width = regions.width;
    canvas.height = regions.height;
  } else ctx.clearRect(0, 0, canvas.width, canvas.height);
  const pctx = patchContext();
  regions.regions.forEach((region, i) => {
    const [r, g, b] = REGION_RGB[i] ?? REGION_RGB[3];
    const image = pctx.createImageData(PATCH, PATCH);
    // The whole-face region is drawn faintly: it lies under the other three.
    const alpha = i === 3 ? 40 : 110;
    for (let p = 0; p < region.mask.length; p++) if (region.mask[p]) image.data.set([r, g, b, alpha], p * 4);
    pctx.putImageData(image, 0, 0);
    ctx.drawImage(pctx.canvas, region.box.x, region.box.y, region.box.w, region.box.h);
  });
  const face = regions.regions[3]?.box;
  if (!face) return;
  ctx.strokeStyle = "rgb(255 255 255)";
  ctx.lineWidth = Math.max(2, regions.width / 200);
  ctx.strokeRect(face.x, face.y, face.w, face.h);
}

let patchCtx: OffscreenCanvasRenderingContext2D | undefined;
/** One small canvas for the region masks, made once. */
function patchContext(): OffscreenCanvasRenderingContext2D {
  patchCtx ??= new OffscreenCanvas(PATCH, PATCH).getContext("2d")!;
  return patchCtx;
}
