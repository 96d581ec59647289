// A second app process for the multi-instance tests: fires N concurrent requests through the
// real route handlers against the shared database and prints the answers' status codes.
// Kinds: start KEY N, poll KEY N, code EMAIL N PASSWORD (sign-ins with a wrong 2FA code).
import { randomUUID } from "node:crypto";
import * as login from "@/app/developer/login/route";
import { call } from "./drive-route";
import { pollResult, startSession } from "./sdk-client";

const [kind, key, count, password] = process.argv.slice(2);
const n = Number(count);
const ip = `10.200.${process.pid % 250}.1`;
const wrongCode = () =>
  call(login.POST, "POST", "/developer/login", { ip, body: { email: key, password, totp: "000000" } }).then(
    (a) => new Response(JSON.stringify(a.body), { status: a.status }),
  );
const calls = Array.from({ length: n }, () =>
  kind === "start" ? startSession({ key, ip }) : kind === "code" ? wrongCode() : pollResult({ key, ip }, randomUUID()),
);
Promise.all(calls).then(async (responses) => {
  const codes = await Promise.all(
    responses.map(async (r) => (r.status === 429 || r.status === 401 ? (await r.json()).error : String(r.status))),
  );
  process.stdout.write(`${JSON.stringify(codes)}\n`);
  process.exit(0);
});
