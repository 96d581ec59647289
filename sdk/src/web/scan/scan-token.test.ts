import { describe, expect, it } from "vitest";
import { VitalsApiError } from "../../errors.js";
import { scanToken, ScanTokenError, tokenFromUrl } from "./scan-token.js";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (async () => new Response(JSON.stringify(body), { status, headers })) as unknown as typeof fetch;

describe("the element's token", () => {
  it("is the credential given, or what its function gives", async () => {
    expect(await scanToken("ct_test_x", null)).toBe("ct_test_x");
    expect(await scanToken(async () => "ct_test_y", "/never")).toBe("ct_test_y");
    await expect(scanToken(null, null)).rejects.toBeInstanceOf(ScanTokenError);
  });
  it("reads { token } from the token endpoint", async () => {
    expect(await tokenFromUrl("/t", answer(201, { token: "ct_live_z" }))).toBe("ct_live_z");
  });
  it("keeps a service-shaped refusal's code and Retry-After", async () => {
    const err = await tokenFromUrl(
      "/t",
      answer(429, { error: "RATE_LIMIT_EXCEEDED", message: "Slow down." }, { "Retry-After": "12" }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(VitalsApiError);
    expect(err).toMatchObject({ error: "RATE_LIMIT_EXCEEDED", status: 429, retryAfter: 12 });
  });
  it("anything else is the endpoint's failure", async () => {
    await expect(tokenFromUrl("/t", answer(500, "oops"))).rejects.toBeInstanceOf(ScanTokenError);
  });
});
