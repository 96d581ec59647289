import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/errors";
import { OPERATIONS, PATH_PARAMS, type Auth, type Operation } from "./operations";
import { WEBHOOK_EVENTS } from "./webhook-responses";

// The OpenAPI 3.1 document, served at /openapi.json and rendered in the portal's API
// reference. JSON Schema comes from the handlers' own zod schemas (zod 4's toJSONSchema, the
// input side: what a client sends) and, for answers, from the schemas of responses.ts and
// developer-responses.ts. Headers and error codes are those docs/api.md states.

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

const integer = { schema: { type: "integer" } };
const HEADERS = {
  "X-Request-Id": { description: "This request's id (UUID), also in the request log", schema: { type: "string" } },
  "X-RateLimit-Limit": { description: "The plan's requests per hour", ...integer },
  "X-RateLimit-Remaining": { description: "Requests left in the sliding hour", ...integer },
  "X-RateLimit-Reset": { description: "Unix seconds when the oldest request leaves the hour", ...integer },
  "X-Usage-Current": { description: "Live scans this month", ...integer },
  "X-Usage-Limit": { description: "The plan's scans per month", ...integer },
  "X-Usage-Remaining": { description: "Scans left this month", ...integer },
  "Retry-After": { description: "Seconds to wait before trying again", ...integer },
  ETag: { description: 'The MD5 of the bytes received, quoted ("…")', schema: { type: "string" } },
  Range: {
    description: "A chunked upload's bytes the server holds (bytes=36-LAST); absent when it holds none",
    schema: { type: "string" },
  },
  "Cache-Control": { description: "no-store: the answer holds a secret", schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "true: the first answer to this Idempotency-Key, sent again (nothing was done a second time)",
    schema: { type: "string" },
  },
};
type HeaderName = keyof typeof HEADERS;
const RATE_LIMIT: HeaderName[] = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

/** The answer's headers: `always` are on every such answer, `maybe` on some (docs/api.md). */
function headers(always: HeaderName[], maybe: HeaderName[] = []) {
  return Object.fromEntries([
    ...always.map((n) => [n, { ...HEADERS[n], required: true }]),
    ...maybe.map((n) => [n, HEADERS[n]]),
  ]);
}

/** Whether it takes an Idempotency-Key: the SDK operations that say so and every developer POST. */
const takesIdempotencyKey = (op: Operation) => op.idempotent || (op.method === "post" && op.auth === "idToken");
const IDEMPOTENCY_ERRORS: ErrorCode[] = ["IDEMPOTENCY_KEY_IN_USE", "IDEMPOTENCY_KEY_REUSED"];

/** The error answers grouped by status, each naming its codes. */
function errorResponses(op: Operation) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...op.errors, ...(takesIdempotencyKey(op) ? IDEMPOTENCY_ERRORS : [])])) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: codes.join(", "),
          // The rate limit once the key's account is known (not on a 401); Retry-After on a
          // wait that ends (the hour, a block, a dependency coming back).
          headers: headers(
            ["X-Request-Id"],
            [
              ...(op.auth === "apiKey" ? RATE_LIMIT : []),
              ...(status === 429 || status === 503 ? ["Retry-After" as const] : []),
            ],
          ),
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
  );
}

function requestBody(op: Operation) {
  if (op.binaryBody) {
    const binary = { schema: { type: "string", contentMediaType: "application/octet-stream" } };
    return {
      requestBody: {
        required: true,
        description: "The tensor (docs/tensor-format.md), at most 128 MiB",
        content: Object.fromEntries(op.binaryBody.map((type) => [type, binary])),
      },
    };
  }
  if (!op.body) return {};
  // Optional only where the handler takes a missing body (session start).
  const required = !op.body.safeParse(undefined).success;
  return { requestBody: { required, content: { "application/json": { schema: jsonSchema(op.body) } } } };
}

function operation(op: Operation) {
  const params: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: op.pathParams?.[name] ?? PATH_PARAMS[name],
    schema: { type: "string", format: "uuid" },
  }));
  if (op.query) {
    const shape = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(shape.properties ?? {})) {
      params.push({ name, in: "query", required: shape.required?.includes(name) ?? false, schema });
    }
  }
  if (takesIdempotencyKey(op))
    params.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A key for this operation (a random UUID): sent again with the same body within 24 h, the first answer is replayed (docs/api.md, Safe retries)",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
    });
  const okHeaders = headers(
    ["X-Request-Id", ...(op.auth === "apiKey" ? RATE_LIMIT : []), ...(op.ok.headers ?? [])],
    takesIdempotencyKey(op) ? ["Idempotent-Replayed"] : [],
  );
  return {
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_m, c: string) => c.toUpperCase())}`,
    summary: op.summary,
    tags: [op.tag],
    security: SECURITY[op.auth],
    ...(params.length ? { parameters: params } : {}),
    ...requestBody(op),
    responses: {
      [String(op.ok.status)]: {
        description: op.ok.description,
        headers: okHeaders,
        ...(op.ok.schema ? { content: { "application/json": { schema: jsonSchema(op.ok.schema) } } } : {}),
      },
      ...Object.fromEntries(
        (op.also ?? []).map((a) => [
          String(a.status),
          { description: a.description, headers: headers(["X-Request-Id"], a.headers ?? []) },
        ]),
      ),
      ...errorResponses(op),
      default: {
        description: "Any other error, in the flat error body (docs/api.md, Errors)",
        headers: headers(["X-Request-Id"]),
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
    // What the service POSTs to a developer's endpoint (docs/webhooks.md), signed.
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOK_EVENTS).map(([type, schema]) => [
        type,
        {
          post: {
            summary: `The ${type} event`,
            description: "Signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature)",
            requestBody: { required: true, content: { "application/json": { schema: jsonSchema(schema) } } },
            responses: {
              "200": { description: "Any 2xx within the timeout accepts the delivery; anything else is retried" },
            },
          },
        },
      ]),
    ),
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
