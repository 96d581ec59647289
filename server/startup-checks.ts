// What every process of the product checks before it starts (npm start, npm run worker).
import { env, EnvError, type Env } from "../lib/env";
import { inferenceBuildProblem } from "../lib/inference/build-check";

/** The settings, or exit naming every bad variable. */
export function settingsOrExit(): Env {
  try {
    return env();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** Exit naming the fix when the inference package is not compiled (scans would all fall back). */
export function exitUnlessInferenceBuilt(): void {
  const notBuilt = inferenceBuildProblem();
  if (notBuilt) {
    console.error(notBuilt);
    process.exit(1);
  }
}
