// Matched-filter beat timing. A peak's three top samples see only a sliver of each
// beat; correlating the whole average beat (the template) against the signal uses all
// of it, which is what keeps inter-beat intervals (and so SDNN) accurate in noise.

export type Template = { shape: Float64Array; half: number };

export function beatTemplate(x: Float64Array, rate: number, times: number[], pulseHz: number): Template | undefined {
  const half = Math.max(2, Math.round((0.35 * rate) / pulseHz));
  const shape = new Float64Array(2 * half + 1);
  let used = 0;
  for (const t of times) {
    const c = Math.round(t * rate);
    if (c - half < 0 || c + half >= x.length) continue;
    for (let k = -half; k <= half; k++) shape[k + half] += x[c + k];
    used++;
  }
  if (used < 3) return undefined;
  const m = shape.reduce((a, b) => a + b, 0) / shape.length;
  for (let k = 0; k < shape.length; k++) shape[k] = (shape[k] - m) / used;
  return { shape, half };
}

/** Correlation of the template centred at sample c (out-of-range samples count as 0). */
function correlate(x: Float64Array, tpl: Template, c: number): number {
  let s = 0;
  for (let k = -tpl.half; k <= tpl.half; k++) {
    const i = c + k;
    if (i >= 0 && i < x.length) s += x[i] * tpl.shape[k + tpl.half];
  }
  return s;
}

/**
 * Moves each beat to the template-correlation maximum within +-`searchSeconds`, refined
 * between samples by a parabola through the correlation. Returns NaN where no interior
 * maximum exists (the beat is unreliable there).
 */
export function alignToTemplate(
  x: Float64Array,
  rate: number,
  times: number[],
  tpl: Template,
  searchSeconds = 0.12,
): number[] {
  const reach = Math.max(1, Math.round(searchSeconds * rate));
  return times.map((t) => {
    const c0 = Math.round(t * rate);
    let best = -Infinity,
      bestK = 0;
    const corr: number[] = [];
    for (let k = -reach - 1; k <= reach + 1; k++) corr.push(correlate(x, tpl, c0 + k));
    for (let k = 1; k < corr.length - 1; k++)
      if (corr[k] > best) {
        best = corr[k];
        bestK = k;
      }
    const [a, b, c] = [corr[bestK - 1], corr[bestK], corr[bestK + 1]];
    if (!(b >= a && b >= c)) return NaN;
    const d = a - 2 * b + c;
    const offset = d < 0 ? (0.5 * (a - c)) / d : 0;
    return (c0 + bestK - reach - 1 + offset) / rate;
  });
}
