import { describe, expect, it } from "vitest";
import { holdCameraSettings, type HoldableTrack } from "./camera-hold.js";

/**
 * A camera as a browser shows it to a page: applyConstraints replaces the whole constraint set,
 * and a set naming a setting the camera lacks is refused whole (Chromium's OverconstrainedError).
 */
function fakeCamera(capabilities: Record<string, unknown>, settings: Record<string, unknown>, own = {}) {
  const camera = {
    settings: { ...settings },
    constraints: own as MediaTrackConstraints,
    applied: [] as MediaTrackConstraints[],
    track: undefined as unknown as HoldableTrack,
  };
  camera.track = {
    getCapabilities: () => capabilities as MediaTrackCapabilities,
    getSettings: () => camera.settings as MediaTrackSettings,
    getConstraints: () => camera.constraints,
    applyConstraints: async (c?: MediaTrackConstraints) => {
      for (const set of c?.advanced ?? [])
        for (const name of Object.keys(set)) if (!(name in capabilities)) throw new Error(`Unsupported ${name}`);
      camera.applied.push(c!);
      camera.constraints = c!;
      for (const set of c?.advanced ?? []) Object.assign(camera.settings, set);
    },
  };
  return camera;
}

const AUTO = {
  exposureMode: ["manual", "continuous"],
  exposureTime: {},
  whiteBalanceMode: ["manual", "continuous"],
  colorTemperature: {},
};

describe("holdCameraSettings", () => {
  it("holds automatic exposure and white balance at their current values, keeps the page's own constraints, and gives both back", async () => {
    const camera = fakeCamera(
      AUTO,
      { exposureMode: "continuous", exposureTime: 33.3, whiteBalanceMode: "continuous", colorTemperature: 5200 },
      { width: 640, height: 480 },
    );
    const hold = await holdCameraSettings(camera.track);
    expect(hold.held).toEqual(["exposureMode", "whiteBalanceMode"]);
    expect(camera.settings).toMatchObject({
      exposureMode: "manual",
      exposureTime: 33.3,
      whiteBalanceMode: "manual",
      colorTemperature: 5200,
    });
    // Every call carries the page's resolution and what was held before it.
    expect(camera.applied.at(-1)).toEqual({
      width: 640,
      height: 480,
      advanced: [
        { exposureMode: "manual", exposureTime: 33.3 },
        { whiteBalanceMode: "manual", colorTemperature: 5200 },
      ],
    });
    await hold.release();
    expect(camera.settings).toMatchObject({ exposureMode: "continuous", whiteBalanceMode: "continuous" });
    expect(camera.constraints).toMatchObject({ width: 640, height: 480 });
  });

  it("holds what the camera supports when it lacks the other (Chromium's file camera has no white balance)", async () => {
    const camera = fakeCamera(
      { exposureMode: ["manual", "continuous"], exposureTime: {} },
      { exposureMode: "continuous", exposureTime: 50 },
    );
    const hold = await holdCameraSettings(camera.track);
    expect(hold.held).toEqual(["exposureMode"]);
    expect(camera.settings).toMatchObject({ exposureMode: "manual", exposureTime: 50 });
    await hold.release();
    expect(camera.settings.exposureMode).toBe("continuous");
  });

  it("leaves a camera alone that is already manual, cannot be manual, or refuses: nothing to give back", async () => {
    const manual = fakeCamera(AUTO, { exposureMode: "manual", whiteBalanceMode: "manual" });
    expect((await holdCameraSettings(manual.track)).held).toEqual([]);
    expect(manual.applied).toEqual([]);

    const autoOnly = fakeCamera({ exposureMode: ["continuous"] }, { exposureMode: "continuous" });
    expect((await holdCameraSettings(autoOnly.track)).held).toEqual([]);
    expect(autoOnly.applied).toEqual([]);

    const refusing = fakeCamera(AUTO, { exposureMode: "continuous", whiteBalanceMode: "continuous" });
    refusing.track.applyConstraints = async () => {
      throw new Error("OverconstrainedError");
    };
    const hold = await holdCameraSettings(refusing.track);
    expect(hold.held).toEqual([]);
    await expect(hold.release()).resolves.toBeUndefined();
  });

  it("takes a track without Media Capture Image (older browsers, a file's stream) or none", async () => {
    expect((await holdCameraSettings(undefined)).held).toEqual([]);
    const bare = { getSettings: () => ({}), getConstraints: () => ({}) } as unknown as HoldableTrack;
    expect((await holdCameraSettings(bare)).held).toEqual([]);
  });

  it("a release that fails (the track was stopped) does not throw", async () => {
    const camera = fakeCamera(AUTO, { exposureMode: "continuous", whiteBalanceMode: "manual" });
    const hold = await holdCameraSettings(camera.track);
    expect(hold.held).toEqual(["exposureMode"]);
    camera.track.applyConstraints = async () => {
      throw new Error("InvalidStateError");
    };
    await expect(hold.release()).resolves.toBeUndefined();
  });
});
