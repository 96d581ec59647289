import { describe, expect, it } from "vitest";
import { BUSY, cameraBlocked, feedback, INITIAL, scanReducer, type ScanAction, type ScanState } from "./scan-state.js";
import { textsWith } from "./texts.js";

const run = (...actions: ScanAction[]) => actions.reduce(scanReducer, INITIAL);
const progress = { usableSeconds: 4, neededSeconds: 12, elapsedSeconds: 5, durationSeconds: 20 };

describe("the scan's state", () => {
  it("goes from idle through the SDK's stages to the result, dropping the live drawing at the end", () => {
    const capturing = run(
      { type: "preparing" },
      { type: "stage", stage: "loading-model" },
      { type: "stage", stage: "capturing" },
      { type: "face", found: true },
      { type: "progress", progress },
    );
    expect(capturing).toMatchObject({ phase: "capturing", face: true, progress });
    expect(BUSY.has(capturing.phase)).toBe(true);
    const done = scanReducer(capturing, { type: "done", result: { session_id: "s", status: "completed" } as never });
    expect(done).toMatchObject({ phase: "done", regions: null, pulse: null });
    expect(BUSY.has(done.phase)).toBe(false);
  });

  it("keeps the source and the camera's permission across scans; the source cannot change mid-scan", () => {
    const s = run({ type: "source", source: "file" }, { type: "camera", camera: "denied" }, { type: "preparing" });
    expect(s).toMatchObject({ source: "file", camera: "denied", phase: "preparing" });
    expect(scanReducer(s, { type: "source", source: "camera" }).source).toBe("file");
    expect(scanReducer(s, { type: "reset" })).toMatchObject({ phase: "idle", source: "file", camera: "denied" });
  });

  it("a lost face drops the regions drawn", () => {
    const regions = { width: 640, height: 480, regions: [] };
    expect(run({ type: "regions", regions }, { type: "face", found: false }).regions).toBeNull();
  });

  it("knows a blocked camera: refused or missing", () => {
    expect(cameraBlocked(run({ type: "camera", camera: "denied" }))).toBe(true);
    expect(cameraBlocked(run({ type: "camera", camera: "missing" }))).toBe(true);
    expect(cameraBlocked(run({ type: "camera", camera: "granted" }))).toBe(false);
  });
});

describe("feedback", () => {
  const capturing = (over: Partial<ScanState>): ScanState => ({ ...INITIAL, phase: "capturing", face: true, ...over });
  it("says the one thing to fix, face first, then light, then motion, then a device too slow", () => {
    expect(feedback(capturing({ face: null }))).toBe("Looking for a face…");
    expect(feedback(capturing({ face: false }))).toMatch(/Face lost/);
    expect(feedback(capturing({ face: false, source: "file" }))).toMatch(/No face in the video/);
    expect(feedback(capturing({ tooDark: true, tooMuch: true }))).toMatch(/Too dark/);
    expect(feedback(capturing({ tooMuch: true }))).toMatch(/hold still/);
    expect(feedback(capturing({ tooMuch: true, tooSlow: true }))).toMatch(/hold still/);
    expect(feedback(capturing({ tooSlow: true }))).toMatch(/too busy to keep up with the camera/);
    expect(feedback(capturing({}))).toMatch(/Good: hold still/);
  });
  it("before a scan, says what to do for the source picked; a page's texts replace the words", () => {
    expect(feedback(INITIAL)).toMatch(/Press Start scan/);
    expect(feedback({ ...INITIAL, source: "file" })).toMatch(/Pick a video/);
    const t = textsWith({ feedback: { idleCamera: "Appuyez sur Démarrer." } });
    expect(feedback(INITIAL, t)).toBe("Appuyez sur Démarrer.");
    expect(feedback({ ...INITIAL, source: "file" }, t)).toMatch(/Pick a video/);
  });
});
