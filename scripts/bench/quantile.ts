/** The value at quantile q (0..1) of `values` (the nearest rank below); NaN when there are none. */
export function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}
