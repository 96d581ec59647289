import { createRequire } from "node:module";

/**
 * Why this server could not run scans, or null. The inference package is loaded from its
 * compiled `dist/` at run time (never bundled), and `dist/` is not in git: without
 * `npm run build` every live scan would quietly get fallback vitals.
 */
export function inferenceBuildProblem(specifier = "@vitals/inference"): string | null {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return null;
  } catch {
    return `${specifier} is not built (no compiled module to load): run \`npm run build\` before \`npm start\``;
  }
}
