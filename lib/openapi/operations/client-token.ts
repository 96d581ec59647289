import { mintClientTokenBody } from "@/lib/keys/client-token-schemas";
import { clientTokenSchema } from "../responses";
import { BODY, type Operation, SDK_CALL } from "./operation";

// Client tokens: short-lived stand-ins for an API key in browsers.
export const CLIENT_TOKEN_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/sdk/client-token",
    tag: "SDK",
    auth: "apiKey",
    summary: "Mint a short-lived client token for browsers",
    body: mintClientTokenBody,
    ok: { status: 201, description: "The client token", schema: clientTokenSchema, headers: ["Cache-Control"] },
    idempotent: true,
    errors: [...BODY, ...SDK_CALL],
  },
];
