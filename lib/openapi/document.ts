import { z } from "zod";
import { ERROR_CODES } from "@/lib/http/errors";
import { OPERATIONS, PATH_PARAMS, type Auth, type Operation } from "./operations";

// The OpenAPI 3.1 document, served at /openapi.json and rendered in the portal's API
// reference. JSON Schema comes from the handlers' own zod schemas (zod 4's toJSONSchema, the
// input side: what a client sends).

const errorBody = z.object({
  error: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
  message: z.string(),
  retryable: z.boolean(),
  retryAfter: z.number().int().optional().describe("Seconds; also in Retry-After"),
});

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const SECURITY: Record<Auth, Record<string, string[]>[] | undefined> = {
  apiKey: [{ apiKey: [] }, { bearerKey: [] }],
  idToken: [{ idToken: [] }],
  none: [],
  signedUrl: [],
  stripeSignature: [],
};

function operation(op: Operation) {
  const params: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: PATH_PARAMS[name],
    schema: { type: "string" },
  }));
  if (op.query) {
    const shape = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(shape.properties ?? {})) {
      params.push({ name, in: "query", required: shape.required?.includes(name) ?? false, schema });
    }
  }
  return {
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: op.summary,
    tags: [op.tag],
    security: SECURITY[op.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? { requestBody: { required: false, content: { "application/json": { schema: jsonSchema(op.body) } } } }
      : {}),
    responses: {
      [String(op.ok.status)]: {
        description: op.ok.description,
        content: { "application/json": { schema: op.ok.schema ? jsonSchema(op.ok.schema) : { type: "object" } } },
      },
      default: {
        description: "Any error, in the flat error body (docs/api.md, Errors)",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path][op.method] = operation(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Vitals API",
      version: "1.0.0",
      description: "Contactless vital signs. The prose reference is docs/api.md.",
    },
    servers: [{ url: serverUrl }],
    tags: [{ name: "SDK" }, { name: "Developer" }, { name: "Public" }, { name: "Service" }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorBody) },
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "ck_test_… or ck_live_…, or a client token",
        },
        bearerKey: { type: "http", scheme: "bearer", description: "The API key or client token as a bearer token" },
        idToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "ID token from POST /developer/login",
        },
      },
    },
  };
}
