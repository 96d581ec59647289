import { expect } from "vitest";
import { ERROR_CODES, type ErrorCode } from "@/lib/http/errors";

type Answer = Response | { status: number; body: unknown; headers: Headers };
export type ErrorBody = { error: string; message: string; retryable: boolean; retryAfter?: number };

/**
 * An answer in the flat error body (docs/api.md, "Errors"): the status, the code, a message,
 * `retryable` (as given, else the code's value in the table), nothing else but `retryAfter`, with the CORS
 * header and a request id. Takes a Response or what the developer tests' `call` returns.
 */
export async function expectError(res: Answer, status: number, error: string, retryable?: boolean): Promise<ErrorBody> {
  const body = (res instanceof Response ? await res.json() : res.body) as ErrorBody;
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(body).toMatchObject({
    error,
    message: expect.any(String),
    retryable: retryable ?? ERROR_CODES[error as ErrorCode]?.retryable,
  });
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).filter((k) => !["error", "message", "retryable", "retryAfter"].includes(k))).toEqual([]);
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("x-request-id")).toBeTruthy();
  return body;
}
