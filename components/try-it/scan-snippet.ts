// "The exact code that did it": the <vitals-scan> element the Try it page runs, and the
// browser SDK calls it makes for a page that draws its own UI, with this deployment's address,
// for the developer to copy into their own page (docs/sdk.md).

export type SnippetSource = "camera" | "file";

export function scanSnippet(baseUrl: string, source: SnippetSource, durationSeconds: number): string {
  const input =
    source === "camera"
      ? `const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" } });
const capture = new VitalsCapture(stream, {`
      : `// A file the user picked (<input type="file" accept="video/*">): decoded frame by frame on the
// device (MP4 or MOV; other files are played), never sent anywhere.
const capture = new VitalsCapture(fileInput.files[0], {`;
  return `${elementSnippet(baseUrl, durationSeconds)}

<!-- Or the same scan under your own UI: what the element runs. -->
<script type="module">
import { VitalsCapture, CaptureError } from "@vitals/sdk/web"; // or "/sdk/vitals-web.js"

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
}
</script>`;
}

/** The one-line page: the element, with this deployment's address (also on the Quick start page). */
export function elementSnippet(baseUrl: string, durationSeconds = 20): string {
  return `<!-- /sdk/ and /models/ on your own origin: copies of this deployment's public/sdk/ and public/models/ -->
<script type="module" src="/sdk/vitals-scan.js"></script>
<!-- token-url: your server's endpoint that mints a client token with your ck_live_ key -->
<vitals-scan token-url="/api/vitals-token" base-url="${baseUrl}" duration="${durationSeconds}" include-waveform></vitals-scan>`;
}
