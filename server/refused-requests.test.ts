import { describe, expect, it } from "vitest";
import {
  malformedPathAnswer,
  missingHostAnswer,
  pathlessTargetAnswer,
  rawHttpResponse,
  unreadableRequestResponse,
  unservedMethodAnswer,
} from "./refused-requests";

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

describe("unservedMethodAnswer", () => {
  it.each(["PROPFIND", "TRACE", "CONNECT", "M-SEARCH"])(
    "answers 405 METHOD_NOT_ALLOWED in the flat body for %s",
    (m) => {
      const answer = unservedMethodAnswer(m)!;
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject({ error: "METHOD_NOT_ALLOWED", retryable: false });
      expect(answer.headers.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(answer.headers["X-Request-Id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("lets every method a route can declare through", () => {
    for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(unservedMethodAnswer(m)).toBeNull();
  });
});

describe("unreadableRequestResponse", () => {
  it("is a complete HTTP answer: 400 INVALID_REQUEST in the flat body, length declared, connection closed", () => {
    const raw = unreadableRequestResponse("HPE_INVALID_CHUNK_SIZE", { "X-Frame-Options": "DENY" });
    const [head, body] = raw.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(head).toContain("Connection: close");
    expect(head).toContain("X-Frame-Options: DENY");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({
      error: "INVALID_REQUEST",
      message: "The request is not valid HTTP",
      retryable: false,
    });
    expect(JSON.parse(unreadableRequestResponse("HPE_HEADER_OVERFLOW").split("\r\n\r\n")[1]).message).toBe(
      "The request headers are too large",
    );
    expect(JSON.parse(unreadableRequestResponse("ERR_HTTP_REQUEST_TIMEOUT").split("\r\n\r\n")[1]).message).toBe(
      "The request did not arrive in time",
    );
  });
});

describe("rawHttpResponse", () => {
  it("writes any answer with its status line, length and Connection: close", () => {
    const raw = rawHttpResponse(unservedMethodAnswer("CONNECT")!, { "X-Frame-Options": "DENY" });
    const [head, body] = raw.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(head).toContain("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(head).toContain("Connection: close");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ error: "METHOD_NOT_ALLOWED", retryable: false });
  });
});

describe("missingHostAnswer", () => {
  it("answers an HTTP/1.1 request without Host with 400 in the flat body, closing the connection", () => {
    const answer = missingHostAnswer("1.1", undefined)!;
    expect(answer.status).toBe(400);
    expect(answer.headers.Connection).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({
      error: "INVALID_REQUEST",
      message: "The request has no Host header",
      retryable: false,
    });
  });

  it("lets a request with a Host through, and HTTP/1.0, which needs none", () => {
    expect(missingHostAnswer("1.1", "api.example.com")).toBeNull();
    expect(missingHostAnswer("1.0", undefined)).toBeNull();
  });
});

describe("pathlessTargetAnswer", () => {
  it("answers OPTIONS * like a preflight: 204, Allow, CORS, a request id, no body", () => {
    const answer = pathlessTargetAnswer("OPTIONS", null)!;
    expect(answer.status).toBe(204);
    expect(answer.body).toBe("");
    expect(answer.headers.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(answer.headers["Access-Control-Allow-Origin"]).toBe("*");
    expect(answer.headers["X-Request-Id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers another method without a path with 400, and lets a path through", () => {
    expect(JSON.parse(pathlessTargetAnswer("GET", null)!.body)).toEqual({
      error: "INVALID_REQUEST",
      message: "The request target is not a path",
      retryable: false,
    });
    expect(pathlessTargetAnswer("OPTIONS", "/health")).toBeNull();
  });
});
