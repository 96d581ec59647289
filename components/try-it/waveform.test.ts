import { describe, expect, it } from "vitest";
import { readWaveform } from "./waveform";

describe("readWaveform", () => {
  it("reads a waveform only when the result carries one", () => {
    expect(readWaveform({ vitals: {} })).toBeNull();
    expect(readWaveform(null)).toBeNull();
    expect(readWaveform({ waveform: [1, 2, 3] })).toEqual({ samples: [1, 2, 3], fps: undefined });
    expect(readWaveform({ waveform: { samples: [0.1, 0.4], fps: 30 } })).toEqual({ samples: [0.1, 0.4], fps: 30 });
    expect(readWaveform({ waveform: { values: [5, 6] } })).toEqual({ samples: [5, 6], fps: undefined });
  });

  it("refuses what it cannot draw", () => {
    expect(readWaveform({ waveform: [1] })).toBeNull();
    expect(readWaveform({ waveform: [1, Number.NaN] })).toBeNull();
    expect(readWaveform({ waveform: "1,2,3" })).toBeNull();
  });
});
