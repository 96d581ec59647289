import { describe, expect, it } from "vitest";
import { inferenceBuildProblem } from "./build-check";

describe("inference build check at start-up", () => {
  it("passes when the compiled package resolves, and names the fix when it does not", () => {
    expect(inferenceBuildProblem()).toBeNull();
    expect(inferenceBuildProblem("@vitals/not-built")).toMatch(/not built.*npm run build/);
  });
});
