import { describe, expect, it } from "vitest";
import { VitalsApiError, VitalsNetworkError } from "../../errors.js";
import { CaptureError } from "../errors.js";
import { describeFailure } from "./scan-failure.js";
import { ScanTokenError } from "./scan-token.js";
import { textsWith } from "./texts.js";

const refusal = (error: string, status: number, retryAfter?: number) =>
  new VitalsApiError({ error, message: "Refused.", retryable: status === 429, retryAfter }, { status });

describe("describeFailure", () => {
  it("says nothing for a scan stopped on purpose", () => {
    expect(describeFailure(new CaptureError("aborted", "the capture was aborted"))).toBeNull();
  });
  it("explains too little signal with what to do, and whether a scan was used", () => {
    const f = describeFailure(
      new CaptureError("not-enough-signal", "not enough usable signal: 3.0 s", { scanUsed: true }),
    );
    expect(f).toMatchObject({ title: "Not enough usable signal", code: "not-enough-signal" });
    expect(f!.message).toMatch(/Face a light.*This scan counted/);
    expect(describeFailure(new CaptureError("not-enough-signal", "x"))!.message).toMatch(/No scan was used/);
  });
  it("names rate and quota limits with what to do", () => {
    expect(describeFailure(refusal("RATE_LIMIT_EXCEEDED", 429, 30))).toMatchObject({
      title: "Too many scans right now",
      message: "Refused. Wait 30 s, then scan again.",
    });
    expect(describeFailure(refusal("QUOTA_EXCEEDED", 429))!.title).toBe("This month's scans are used up");
    expect(describeFailure(refusal("INVALID_REQUEST", 400))).toMatchObject({
      title: "The service refused the scan",
      message: "INVALID_REQUEST: Refused.",
    });
  });
  it("lets a page title its own codes", () => {
    const t = textsWith({ errors: { codes: { TRY_IT_LIMIT_EXCEEDED: "Today's Try it scans are used up" } } });
    expect(describeFailure(refusal("TRY_IT_LIMIT_EXCEEDED", 429), t)).toMatchObject({
      title: "Today's Try it scans are used up",
      message: "Refused.",
      code: "TRY_IT_LIMIT_EXCEEDED",
    });
  });
  it("tells a token endpoint's failure and a network failure apart", () => {
    expect(describeFailure(new ScanTokenError("The token endpoint answered HTTP 500 without a token."))!.title).toBe(
      "The scan could not start",
    );
    expect(describeFailure(new VitalsNetworkError("fetch failed"))!.title).toBe("The service could not be reached");
  });
});
