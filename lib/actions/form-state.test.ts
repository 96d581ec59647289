import { describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { signupBody, createKeyBody } from "@/lib/accounts/schemas";
import { ApiError } from "@/lib/http/errors";
import { failure, formValues, validate } from "./form-state";
import { keyInput } from "@/lib/keys/key-input";

describe("portal form helpers", () => {
  it("validates with the API's own schema and names the field, as a sentence", () => {
    const errors = validate(signupBody, { email: "nope", password: "short", name: "Ada" });
    expect(errors).toEqual({ email: "Must be an e-mail address.", password: "Must be at least 12 characters." });
    expect(
      validate(signupBody, { email: "ada@example.test", password: "Analytical-Engine-1843", name: "Ada" }),
    ).toBeNull();
  });

  it("drops React's action fields and empty optional fields", () => {
    const form = new FormData();
    form.set("$ACTION_REF_1", "");
    form.set("name", "Ada");
    form.set("company", "  ");
    expect(formValues(form, ["company"])).toEqual({ name: "Ada" });
  });

  it("shows ApiError messages, never internals", () => {
    expect(failure(new ApiError("KEY_LIMIT_REACHED", "Your plan allows 3 keys"))).toEqual({
      ok: false,
      message: "Your plan allows 3 keys",
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const hidden = failure(new Error("connect ECONNREFUSED 10.0.0.5:5432"));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(hidden.message).not.toContain("ECONNREFUSED");
    expect(failure(new ZodError([])).ok).toBe(false);
  });

  it("turns an expiry date into the end of that UTC day in Unix seconds", () => {
    const input = keyInput({ name: "CI", environment: "live", expires_on: "2030-01-31" });
    expect(input).toEqual({ name: "CI", environment: "live", expires_at: Date.UTC(2030, 0, 31, 23, 59, 59) / 1000 });
    expect(createKeyBody.safeParse(input).success).toBe(true);
    expect(keyInput({ name: "CI", environment: "test" })).toEqual({ name: "CI", environment: "test" });
  });
});
