import { spawn, type ChildProcess } from "node:child_process";

/** Starts `npm run worker`'s script as its own process and waits for its ready line. */
export async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent", INFERENCE_THREADS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
    const collect = (d: Buffer) => {
      output += d;
      if (output.includes("Inference worker ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}): ${output}`));
    });
  });
}
