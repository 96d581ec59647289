// A second app process for the multi-instance tests: fires N concurrent requests through the
// real route handlers against the shared database and prints the answers' status codes.
import { randomUUID } from "node:crypto";
import { pollResult, startSession } from "./sdk-client";

const [kind, key, count] = process.argv.slice(2);
const n = Number(count);
const ip = `10.200.${process.pid % 250}.1`;
const calls = Array.from({ length: n }, () =>
  kind === "start" ? startSession({ key, ip }) : pollResult({ key, ip }, randomUUID()),
);
Promise.all(calls).then(async (responses) => {
  const codes = await Promise.all(
    responses.map(async (r) => (r.status === 429 ? (await r.json()).error : String(r.status))),
  );
  process.stdout.write(`${JSON.stringify(codes)}\n`);
  process.exit(0);
});
