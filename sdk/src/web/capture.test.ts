import { describe, expect, it } from "vitest";
import { VitalsCapture } from "./capture.js";

// The constructor's checks run before any camera or model is touched, so they run in Node.
describe("VitalsCapture options", () => {
  const base = { credential: "ct_opaque.token", baseUrl: "https://api.example.com" };
  const source = {} as MediaStream;

  it("refuses demographics the service would refuse before the capture, not after it", () => {
    expect(() => new VitalsCapture(source, { ...base, demographics: { age: 130 } })).toThrow(
      "demographics.age must be whole years from 1 to 120, not 130",
    );
    expect(() => new VitalsCapture(source, { ...base, demographics: { fitzpatrick: 0 } })).toThrow(TypeError);
    expect(
      () => new VitalsCapture(source, { ...base, demographics: { age: 40, sex: "F", fitzpatrick: 6 } }),
    ).not.toThrow();
  });
});

describe("VitalsCapture credential", () => {
  const source = {} as MediaStream;
  it("checks a token given as such at once, and a credential function's base URL", () => {
    expect(() => new VitalsCapture(source, { credential: "", baseUrl: "https://api.example.com" })).toThrow(
      expect.objectContaining({ name: "InvalidApiKeyError" }),
    );
    expect(() => new VitalsCapture(source, { credential: async () => "ct_x", baseUrl: "not a url" })).toThrow(
      'baseUrl is not a URL: "not a url"',
    );
    expect(
      () => new VitalsCapture(source, { credential: async () => "ct_x", baseUrl: "https://api.example.com" }),
    ).not.toThrow();
  });
});

describe("VitalsCapture include", () => {
  const base = { credential: "ct_opaque.token", baseUrl: "https://api.example.com" };
  const source = {} as MediaStream;
  it("takes waveform, and refuses an unknown value before the capture (the service would refuse it after)", () => {
    expect(() => new VitalsCapture(source, { ...base, include: ["waveform"] })).not.toThrow();
    expect(() => new VitalsCapture(source, { ...base, include: ["waveforms" as never] })).toThrow(
      'include: unknown value "waveforms" (supported: waveform)',
    );
  });
});

describe("VitalsCapture grid", () => {
  const base = { credential: "ct_opaque.token", baseUrl: "https://api.example.com" };
  const source = {} as MediaStream;
  it("takes the format's grids and refuses another before the capture", () => {
    for (const grid of [72, 36, 24, 18] as const)
      expect(() => new VitalsCapture(source, { ...base, grid })).not.toThrow();
    expect(() => new VitalsCapture(source, { ...base, grid: 48 as never })).toThrow(
      "grid 48: must be 72, 36, 24 or 18",
    );
  });
});
