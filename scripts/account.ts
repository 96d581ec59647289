// npm run account -- status EMAIL pending|active|suspended
// npm run account -- plan EMAIL starter|pro|enterprise
// npm run account -- role EMAIL developer|staff
// Sets an account's status or plan from the command line (audit-logged as an operator action),
// so every account state can be reached before the support console exists, and after it.
import { z } from "zod";
import { setDeveloperPlan, setDeveloperRole, setDeveloperStatus } from "../lib/accounts/operator-actions";
import { closeDb } from "../lib/db";

const USAGE = [
  "usage: npm run account -- status EMAIL pending|active|suspended",
  "       npm run account -- plan EMAIL starter|pro|enterprise",
  "       npm run account -- role EMAIL developer|staff",
].join("\n");

const command = z.union([
  z.tuple([z.literal("status"), z.string().min(3), z.enum(["pending", "active", "suspended"])]),
  z.tuple([z.literal("plan"), z.string().min(3), z.enum(["starter", "pro", "enterprise"])]),
  z.tuple([z.literal("role"), z.string().min(3), z.enum(["developer", "staff"])]),
]);

export async function runAccountCommand(argv: string[]): Promise<string> {
  const parsed = command.safeParse(argv);
  if (!parsed.success) throw new Error(USAGE);
  const [field, email, value] = parsed.data;
  const actor = { actorType: "operator" as const, ip: "cli" };
  const result =
    field === "status"
      ? await setDeveloperStatus(email, value as "pending" | "active" | "suspended", actor)
      : field === "plan"
        ? await setDeveloperPlan(email, value as "starter" | "pro" | "enterprise", actor)
        : await setDeveloperRole(email, value as "developer" | "staff", actor);
  return result.changed
    ? `${email}: ${field} ${result.from} -> ${result.to}`
    : `${email}: ${field} already ${result.to}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAccountCommand(process.argv.slice(2))
    .then((line) => console.log(line))
    .catch((err: Error) => {
      console.error(err.message);
      process.exitCode = 1;
    })
    .finally(() => closeDb());
}
