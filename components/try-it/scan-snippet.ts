// "The exact code that did it": the browser SDK call the Try it page made, with this
// deployment's address, for the developer to copy into their own page (docs/sdk.md).

export type SnippetSource = "camera" | "file";

export function scanSnippet(baseUrl: string, source: SnippetSource, durationSeconds: number): string {
  const input =
    source === "camera"
      ? `const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" } });
const capture = new VitalsCapture(stream, {`
      : `// A file the user picked (<input type="file" accept="video/*">): decoded frame by frame on the
// device (MP4 or MOV; other files are played), never sent anywhere.
const capture = new VitalsCapture(fileInput.files[0], {`;
  return `import { VitalsCapture, CaptureError } from "@vitals/sdk/web"; // or "/sdk/vitals-web.js"

// A short-lived client token your server minted with its ck_live_ key:
// POST ${baseUrl}/sdk/client-token  { "origins": [location.origin], "max_scans": 1 }
const { token } = await (await fetch("/api/vitals-token", { method: "POST" })).json();

${input}
  credential: token,
  baseUrl: "${baseUrl}",
  durationSeconds: ${durationSeconds},
  include: ["waveform"], // the result also carries the pulse and breathing waveforms
});
capture.on("face", (e) => show(e.found ? "Hold still" : "Face the camera"));
capture.on("lighting", (e) => e.tooDark && show("Too dark: turn a light on"));
capture.on("motion", (e) => e.tooMuch && show("Please hold still"));
capture.on("progress", (e) => setProgress(e.elapsedSeconds / e.durationSeconds));
try {
  const { vitals, waveforms } = await capture.start();
  show(\`\${vitals.heart_rate} bpm, confidence \${vitals.confidence}\`);
  if (waveforms) draw(waveforms.pulse.values, waveforms.pulse.sample_rate_hz); // null when nothing was measured
} catch (err) {
  show(err instanceof CaptureError ? err.message : \`Error: \${err.message}\`);
}`;
}
