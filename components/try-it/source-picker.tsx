"use client";

import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button-class";

type Source = "camera" | "file";

/** Camera or a video file, and for a file the picker and the plain privacy statement. */
export function SourcePicker(props: {
  source: Source;
  onSource: (s: Source) => void;
  file: File | null;
  onFile: (f: File | null) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const tab = (s: Source, label: string) => (
    <button
      type="button"
      aria-pressed={props.source === s}
      disabled={props.disabled}
      onClick={() => props.onSource(s)}
      className={buttonClass(props.source === s ? "primary" : "secondary", "px-3 py-1.5")}
    >
      {label}
    </button>
  );
  return (
    <div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="What to scan">
        {tab("camera", "Camera")}
        {tab("file", "Use a video file instead")}
      </div>
      {props.source === "file" ? (
        <div className="mt-4">
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            Video of a face (30 seconds or longer)
          </label>
          <input
            id={inputId}
            type="file"
            accept="video/*"
            disabled={props.disabled}
            onChange={(e) => props.onFile(e.currentTarget.files?.[0] ?? null)}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
            data-testid="video-file"
          />
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="privacy-note">
            <strong>Your video never leaves this device.</strong> This page finds the face and builds the scan in your
            browser; only the skin-region tensor (four 72x72 patches of skin colour per frame, no picture of you) is
            uploaded.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The camera is blocked (or there is none): how to allow it, and the video-file path. */
export function CameraHelp({ missing, onUseFile }: { missing: boolean; onUseFile: () => void }) {
  return (
    <div className="mt-4" data-testid="camera-help">
      <Alert tone="warning" title={missing ? "No camera found" : "Camera access is blocked"}>
        {missing ? (
          <p>This device shows no camera to the browser. Connect one and reload, or scan a video file.</p>
        ) : (
          <>
            <p>This site may not use your camera. To allow it:</p>
            <ul className="mt-1 list-disc pl-5">
              <li>
                Desktop: click the camera or settings icon at the left of the address bar, set Camera to Allow, then
                reload the page.
              </li>
              <li>
                Phone: open your browser&apos;s site settings (or the system settings for the browser), allow Camera,
                then reload.
              </li>
            </ul>
          </>
        )}
        <button type="button" onClick={onUseFile} className={buttonClass("secondary", "mt-3")}>
          Use a video file instead
        </button>
      </Alert>
    </div>
  );
}
