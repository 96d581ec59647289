"use client";

import { useEffect, useRef } from "react";
import type { Regions } from "./use-vitals-scan";

// Colours of the four regions in the tensor's order; the legend names them, so colour is
// never the only cue.
export const REGION_STYLES = [
  { name: "Forehead", rgb: [56, 189, 248] },
  { name: "Left cheek", rgb: [52, 211, 153] },
  { name: "Right cheek", rgb: [250, 204, 21] },
  { name: "Whole face", rgb: [244, 114, 182] },
] as const;
const PATCH = 72;

/**
 * The face box and the four skin regions the SDK samples, drawn in the video's own pixels on a
 * canvas laid exactly over the preview. Decorative for screen readers: the feedback line says
 * in words what the picture shows.
 */
export function ScanOverlay({ regions, mirrored }: { regions: Regions | null; mirrored: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext("2d");
    if (!c || !ctx) return;
    if (!regions) {
      ctx.clearRect(0, 0, c.width, c.height);
      return;
    }
    c.width = regions.width;
    c.height = regions.height;
    const patch = new OffscreenCanvas(PATCH, PATCH);
    const pctx = patch.getContext("2d")!;
    regions.regions.forEach((region, i) => {
      const [r, g, b] = REGION_STYLES[i]!.rgb;
      const image = pctx.createImageData(PATCH, PATCH);
      // The whole-face region is drawn faintly: it lies under the other three.
      const alpha = i === 3 ? 40 : 110;
      for (let p = 0; p < region.mask.length; p++) {
        if (!region.mask[p]) continue;
        image.data.set([r, g, b, alpha], p * 4);
      }
      pctx.putImageData(image, 0, 0);
      ctx.drawImage(patch, region.box.x, region.box.y, region.box.w, region.box.h);
    });
    const face = regions.regions[3]!.box;
    ctx.strokeStyle = "rgb(255 255 255)";
    ctx.lineWidth = Math.max(2, regions.width / 200);
    ctx.strokeRect(face.x, face.y, face.w, face.h);
  }, [regions]);
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabIndex takes no focus; the overlay is decoration
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-testid="scan-overlay"
      data-regions={regions ? regions.regions.length : 0}
      className={`pointer-events-none absolute inset-0 h-full w-full ${mirrored ? "-scale-x-100" : ""}`}
    />
  );
}

export function RegionLegend() {
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
      aria-label="Regions drawn over the preview"
    >
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm border-2 border-slate-500" />
        Face box
      </li>
      {REGION_STYLES.map((r) => (
        <li key={r.name} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-sm"
            style={{ backgroundColor: `rgb(${r.rgb.join(" ")})` }}
          />
          {r.name}
        </li>
      ))}
    </ul>
  );
}
