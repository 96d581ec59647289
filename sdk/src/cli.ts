#!/usr/bin/env -S npx tsx
// vitals CLI: `tsx sdk/src/cli.ts scan --key K --base-url U FILE`. See cli-run.ts for options.
import { runCli } from "./cli-run.js";

runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  env: process.env,
  stderrIsTTY: process.stderr.isTTY === true,
  columns: process.stderr.columns,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // Anything not mapped to an exit code above is a bug of ours: show the stack.
    console.error(err);
    process.exitCode = 70;
  },
);
