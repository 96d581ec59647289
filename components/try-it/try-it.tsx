"use client";

import { useEffect, useRef, useState } from "react";
import { startTryItAction, tryItAllowanceAction } from "@/lib/actions/portal/try-it";
import type { TryItAllowance } from "@/lib/try-it/try-it-usage";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { Progress } from "@/components/ui/progress";
import { CameraHelp, SourcePicker } from "./source-picker";
import { ResultCard } from "./result-card";
import { BUSY, ScanStage } from "./scan-stage";
import { scanSnippet } from "./scan-snippet";
import { TRY_IT_INCLUDE, TRY_IT_SECONDS } from "./scan-settings";
import { useVitalsScan } from "./use-vitals-scan";

type Source = "camera" | "file";
type Camera = "unknown" | "granted" | "denied" | "missing";

export function TryIt({
  baseUrl,
  initialAllowance,
  active,
}: {
  baseUrl: string;
  initialAllowance: TryItAllowance;
  active: boolean;
}) {
  const { state, run, abort, preparing, fail, reset } = useVitalsScan();
  const [allowance, setAllowance] = useState(initialAllowance);
  const [source, setSource] = useState<Source>("camera");
  const [camera, setCamera] = useState<Camera>("unknown");
  const [file, setFile] = useState<File | null>(null);
  const [scanned, setScanned] = useState<Source>("camera");
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const busy = BUSY.has(state.phase);

  // A camera blocked for this site is explained before anyone presses Start.
  useEffect(() => {
    navigator.permissions
      ?.query({ name: "camera" as PermissionName })
      .then((p) => {
        if (p.state === "denied") setCamera("denied");
        p.onchange = () => setCamera(p.state === "denied" ? "denied" : "unknown");
      })
      .catch(() => undefined);
    return () => {
      for (const t of stream.current?.getTracks() ?? []) t.stop();
    };
  }, []);

  // A file is decoded by the SDK, not played: the preview follows it to the second being
  // scanned, so the regions drawn over it sit on the face they were found on.
  const scannedAt = state.phase === "capturing" && scanned === "file" ? state.progress?.elapsedSeconds : undefined;
  useEffect(() => {
    const video = preview.current;
    if (scannedAt !== undefined && video?.paused && !video.seeking) video.currentTime = scannedAt;
  }, [scannedAt]);

  async function credential(): Promise<string | null> {
    const started = await startTryItAction();
    if (started.allowance) setAllowance(started.allowance);
    if (started.ok) return started.token;
    const limit = started.code === "TRY_IT_LIMIT_EXCEEDED";
    fail({
      title: limit ? "Today's Try it scans are used up" : "The scan could not start",
      message: started.message,
      code: started.code,
    });
    return null;
  }

  async function finish() {
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
    const fresh = await tryItAllowanceAction().catch(() => null);
    if (fresh) setAllowance(fresh);
  }

  async function scanCamera(video: HTMLVideoElement) {
    let s: MediaStream;
    try {
      s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" }, audio: false });
    } catch (err) {
      const name = (err as DOMException)?.name;
      setCamera(name === "NotFoundError" || name === "OverconstrainedError" ? "missing" : "denied");
      reset();
      return;
    }
    setCamera("granted");
    stream.current = s;
    video.removeAttribute("src");
    video.srcObject = s;
    await video.play().catch(() => undefined);
    const token = await credential();
    if (token) await run(s, { credential: token, baseUrl, durationSeconds: TRY_IT_SECONDS, include: TRY_IT_INCLUDE });
  }

  async function scanFile(video: HTMLVideoElement, picked: File) {
    const token = await credential();
    if (!token) return;
    video.srcObject = null;
    if (video.src) URL.revokeObjectURL(video.src);
    // The preview shows the file (an object URL: read by this page only, never sent anywhere);
    // the SDK decodes the file itself frame by frame, faster than it plays, so it is not played.
    video.src = URL.createObjectURL(picked);
    await run(picked, { credential: token, baseUrl, durationSeconds: TRY_IT_SECONDS, include: TRY_IT_INCLUDE });
  }

  async function start() {
    const video = preview.current;
    if (!video) return;
    preparing();
    setScanned(source);
    try {
      if (source === "camera") await scanCamera(video);
      else if (file) await scanFile(video, file);
    } finally {
      await finish();
    }
  }

  const noneLeft = allowance.remaining === 0;
  // Before a scan the stage follows the picker; after one it keeps showing what was scanned.
  const shown = state.phase === "idle" ? source : scanned;
  const canStart =
    active && !busy && !noneLeft && (source === "camera" ? camera !== "denied" && camera !== "missing" : file !== null);
  return (
    <div className="flex flex-col gap-6">
      <section
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        aria-label="Scan"
      >
        <div className="mb-4" data-testid="allowance">
          <p className="mb-2 text-sm">
            <span className="font-semibold tabular-nums">{allowance.remaining}</span> of {allowance.cap} Try it scans
            left today (UTC). They use real inference and are not charged to your monthly quota.
          </p>
          <Progress value={allowance.used} max={allowance.cap} label="Try it scans used today" />
        </div>
        {!active ? (
          <Alert tone="warning">Your account is not active yet, so it cannot scan. The banner above says why.</Alert>
        ) : null}
        {noneLeft ? (
          <Alert tone="warning" title="No Try it scans left today">
            The {allowance.cap} scans of today are used; they renew at 00:00 UTC. Scans with your own API keys are not
            affected.
          </Alert>
        ) : null}
        <SourcePicker source={source} onSource={setSource} file={file} onFile={setFile} disabled={busy} />
        {source === "camera" && (camera === "denied" || camera === "missing") ? (
          <CameraHelp missing={camera === "missing"} onUseFile={() => setSource("file")} />
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          {busy ? (
            <Button variant="secondary" onClick={abort}>
              Stop
            </Button>
          ) : (
            <Button onClick={() => void start()} disabled={!canStart}>
              {state.phase === "done" || state.phase === "failed" ? "Scan again" : "Start scan"}
            </Button>
          )}
        </div>
      </section>
      {state.phase === "failed" && state.failure ? (
        <div data-testid="scan-error">
          <Alert tone="error" title={state.failure.title}>
            {state.failure.message}
          </Alert>
        </div>
      ) : null}
      <ScanStage ref={preview} state={state} source={shown} mirrored={shown === "camera"} />
      {state.phase === "done" && state.result ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <ResultCard result={state.result} />
          <div className="min-w-0">
            <CodeBlock
              label="The code that ran this scan"
              code={scanSnippet(baseUrl, scanned, TRY_IT_SECONDS)}
              testId="scan-code"
            />
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Here the token came from your portal session; in your app, your server mints it with a live key (API
              reference, &ldquo;Client tokens&rdquo;) and no key ever reaches the browser.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
