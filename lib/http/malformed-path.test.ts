import { describe, expect, it } from "vitest";
import { malformedPathAnswer } from "./malformed-path";

describe("malformedPathAnswer", () => {
  it.each(["/sdk/session/%ZZ/upload-complete", "/developer/keys/%E0%A4%A", "/%", "/sdk/session/result/%C3%28"])(
    "answers 400 INVALID_REQUEST in the flat body for %s",
    (path) => {
      const answer = malformedPathAnswer(path)!;
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: "INVALID_REQUEST",
        message: "The request path is not valid percent-encoding",
        retryable: false,
      });
      expect(answer.headers["Access-Control-Allow-Origin"]).toBe("*");
      expect(answer.headers["X-Request-Id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("lets well-formed paths through, and never looks at the query", () => {
    expect(malformedPathAnswer("/sdk/session/abc%20def/result")).toBeNull();
    expect(malformedPathAnswer("/health?x=%ZZ")).toBeNull();
  });
});
