import { ACCOUNT_OPERATIONS } from "./accounts";
import { BILLING_OPERATIONS } from "./billing";
import { CLIENT_TOKEN_OPERATIONS } from "./client-token";
import { KEY_OPERATIONS } from "./keys";
import type { Operation } from "./operation";
import { PROFILE_OPERATIONS } from "./profile";
import { REQUEST_LOG_OPERATIONS } from "./request-log";
import { SERVICE_OPERATIONS } from "./service";
import { SESSION_OPERATIONS } from "./sessions";
import { TEAM_OPERATIONS } from "./teams";
import { USAGE_OPERATIONS } from "./usage";
import { WEBHOOK_OPERATIONS } from "./webhooks";

export { PATH_PARAMS, type Auth, type Header, type Operation } from "./operation";

// Every endpoint the app serves, with the zod schemas its handler parses, so the OpenAPI
// document (lib/openapi/document.ts) cannot drift from what the handlers accept. One file per
// resource; this order is the document's order of paths. Prose (limits, error cases) stays in
// docs/api.md.
export const OPERATIONS: Operation[] = [
  ...SESSION_OPERATIONS,
  ...CLIENT_TOKEN_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...KEY_OPERATIONS,
  ...REQUEST_LOG_OPERATIONS,
  ...USAGE_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...TEAM_OPERATIONS,
  ...SERVICE_OPERATIONS,
];
