import { z } from "zod";
import { healthSchema, jwksSchema } from "../developer-responses";
import type { Operation } from "./operation";

// Service endpoints: signing keys, health, this document.
export const SERVICE_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/.well-known/jwks.json",
    tag: "Service",
    auth: "none",
    summary: "Public keys that sign ID tokens",
    ok: { status: 200, description: "A JWK set", schema: jwksSchema },
    errors: ["UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/health",
    tag: "Service",
    auth: "none",
    summary: "Liveness and database",
    ok: { status: 200, description: "status, database", schema: healthSchema },
    errors: ["UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/openapi.json",
    tag: "Service",
    auth: "none",
    summary: "This document",
    ok: { status: 200, description: "OpenAPI 3.1", schema: z.looseObject({ openapi: z.literal("3.1.0") }) },
    errors: [],
  },
];
