import { usageHistorySchema, usageSchema } from "../developer-responses";
import { MEMBER, type Operation } from "./operation";

// Usage: this month's scans and the last six months'.
export const USAGE_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/developer/usage",
    tag: "Developer",
    auth: "idToken",
    summary: "This month's scans against the quota",
    ok: { status: 200, description: "The usage", schema: usageSchema },
    errors: [...MEMBER],
  },
  {
    method: "get",
    path: "/developer/usage/history",
    tag: "Developer",
    auth: "idToken",
    summary: "Scans of the last six months",
    ok: { status: 200, description: "history", schema: usageHistorySchema },
    errors: [...MEMBER],
  },
];
