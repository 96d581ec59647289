import type { Demographics } from "./types.js";

// The service's rule for session-start demographics (docs/api.md, POST /sdk/session/start),
// checked on the device so a capture is never spent on a body the service will refuse.
const FIELDS = new Set(["age", "sex", "fitzpatrick"]);
const SEXES = new Set(["M", "F", "X"]);

function wholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Throws a TypeError naming the first field the service would refuse. */
export function checkDemographics(demographics: Demographics | undefined): void {
  if (demographics === undefined) return;
  if (demographics === null || typeof demographics !== "object" || Array.isArray(demographics))
    throw new TypeError("demographics must be an object: { age?, sex?, fitzpatrick? }");
  const d = demographics as Record<string, unknown>;
  const unknown = Object.keys(d).find((k) => !FIELDS.has(k));
  if (unknown !== undefined) throw new TypeError(`demographics.${unknown} is not a field (age, sex, fitzpatrick)`);
  if (d.age !== undefined && !wholeIn(d.age, 1, 120))
    throw new TypeError(`demographics.age must be whole years from 1 to 120, not ${JSON.stringify(d.age)}`);
  if (d.sex !== undefined && !SEXES.has(d.sex as string))
    throw new TypeError(`demographics.sex must be "M", "F" or "X", not ${JSON.stringify(d.sex)}`);
  if (d.fitzpatrick !== undefined && !wholeIn(d.fitzpatrick, 1, 6))
    throw new TypeError(
      `demographics.fitzpatrick must be a whole number from 1 to 6, not ${JSON.stringify(d.fitzpatrick)}`,
    );
}
