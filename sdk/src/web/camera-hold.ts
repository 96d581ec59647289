// A camera's own exposure and white-balance steps change every skin region's colour at once,
// and without a codec they cost a scan its pulse more often than anything else
// (docs/benchmarks.md, "Realistic chain"). Where the browser lets a page set them (the
// exposureMode / whiteBalanceMode constraints of Media Capture Image), a camera capture holds
// both at the values the camera has settled on, and gives the camera back as it was after.

/** The part of MediaStreamTrack used here (a fake in tests). */
export type HoldableTrack = Pick<
  MediaStreamTrack,
  "getCapabilities" | "getSettings" | "getConstraints" | "applyConstraints"
>;

export type CameraHold = {
  /** The settings held for the capture (e.g. ["exposureMode", "whiteBalanceMode"]); empty when none. */
  held: string[];
  /** Gives the camera back its automatic modes; never throws. */
  release: () => Promise<void>;
};

// Each automatic mode, and the value that pins it where it is now.
const MODES = [
  { mode: "exposureMode", value: "exposureTime" },
  { mode: "whiteBalanceMode", value: "colorTemperature" },
] as const;

const NOTHING_HELD: CameraHold = { held: [], release: async () => undefined };

/**
 * Switches each mode the camera runs automatically ("continuous") and can run "manual" to
 * manual, at its current value when the camera reports one. The page's own constraints (its
 * resolution, say) are kept: applyConstraints replaces the whole set, so each call carries them
 * too. One mode at a time: a browser refuses a whole set for one setting it does not know.
 * Never throws: a camera that will not hold is captured as it is.
 */
export async function holdCameraSettings(track: HoldableTrack | undefined): Promise<CameraHold> {
  if (typeof track?.getCapabilities !== "function" || typeof track.applyConstraints !== "function") return NOTHING_HELD;
  let capabilities: Record<string, unknown>, settings: Record<string, unknown>, own: MediaTrackConstraints;
  try {
    capabilities = track.getCapabilities() as Record<string, unknown>;
    settings = track.getSettings() as Record<string, unknown>;
    own = track.getConstraints();
  } catch {
    return NOTHING_HELD;
  }
  const withSets = (sets: Record<string, unknown>[]): MediaTrackConstraints => ({
    ...own,
    advanced: [...(own.advanced ?? []), ...(sets as MediaTrackConstraintSet[])],
  });
  const pins: Record<string, unknown>[] = [];
  const held: string[] = [];
  for (const { mode, value } of MODES) {
    const modes = capabilities[mode];
    if (settings[mode] !== "continuous" || !Array.isArray(modes) || !modes.includes("manual")) continue;
    const pin: Record<string, unknown> = { [mode]: "manual" };
    if (typeof settings[value] === "number") pin[value] = settings[value];
    try {
      await track.applyConstraints(withSets([...pins, pin]));
      pins.push(pin);
      held.push(mode);
    } catch {
      // This camera will not hold this one: left automatic.
    }
  }
  if (!held.length) return NOTHING_HELD;
  return {
    held,
    release: async () => {
      try {
        await track.applyConstraints(withSets(held.map((mode) => ({ [mode]: "continuous" }))));
      } catch {
        // A stopped track or a camera gone: nothing left to give back.
      }
    },
  };
}

/** The camera track behind a capture source, if it is a camera (a stream) and not a file. */
export function cameraTrackOf(video: HTMLVideoElement): HoldableTrack | undefined {
  const stream = video.srcObject as MediaStream | null;
  return typeof stream?.getVideoTracks === "function" ? stream.getVideoTracks()[0] : undefined;
}
