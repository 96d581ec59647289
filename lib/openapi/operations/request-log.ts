import { z } from "zod";
import { requestLogEntry, requestLogQuery } from "@/lib/request-log/schemas";
import { MEMBER, type Operation } from "./operation";

// The request log.
export const REQUEST_LOG_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/developer/request-log",
    tag: "Developer",
    auth: "idToken",
    summary: "The account's requests of the last 30 days",
    query: requestLogQuery,
    ok: {
      status: 200,
      description: "One page of the log",
      schema: z.object({
        requests: z.array(requestLogEntry),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
      }),
    },
    errors: ["INVALID_REQUEST", ...MEMBER],
  },
];
