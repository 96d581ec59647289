import { describe, expect, it } from "vitest";
import { lastMonths, monthOf } from "./month";

describe("months", () => {
  it("uses the UTC calendar month", () => {
    expect(monthOf(new Date("2026-03-31T23:59:59Z"))).toBe("2026-03");
    expect(monthOf(new Date("2026-04-01T00:00:00Z"))).toBe("2026-04");
  });

  it("lists six months newest first across a year boundary", () => {
    expect(lastMonths(new Date("2026-02-15T12:00:00Z"), 6)).toEqual([
      "2026-02",
      "2026-01",
      "2025-12",
      "2025-11",
      "2025-10",
      "2025-09",
    ]);
  });
});
