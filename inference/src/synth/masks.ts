import { HEIGHT, PLANE_BYTES, WIDTH } from "../tensor-format.js";

let cached: Uint8Array[] | undefined;

/** Skin masks of the four regions (1 = skin): ellipses, the whole face with eye holes. */
export function regionMasks(): Uint8Array[] {
  if (cached) return cached;
  const ellipse = (cx: number, cy: number, rx: number, ry: number, holes: [number, number, number][] = []) => {
    const m = new Uint8Array(PLANE_BYTES);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        let inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
        for (const [hx, hy, hr] of holes) if ((x - hx) ** 2 + (y - hy) ** 2 <= hr * hr) inside = false;
        m[y * WIDTH + x] = inside ? 1 : 0;
      }
    }
    return m;
  };
  cached = [
    ellipse(36, 36, 34, 22), // forehead
    ellipse(36, 36, 28, 32), // left cheek
    ellipse(36, 36, 28, 32), // right cheek
    ellipse(36, 38, 30, 35, [
      [24, 28, 6],
      [48, 28, 6],
      [36, 56, 7],
    ]), // face minus eyes and mouth
  ];
  return cached;
}
