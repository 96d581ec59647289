// Pages for the engines beside Chromium (docs/sdk.md, "Engines").

/**
 * The camera every engine can be given here (only Chromium takes a file as a fake camera):
 * page script defining videoCamera(url), a video of the page's origin drawn into a canvas every
 * animation frame (WebKit's video frame callbacks stop on a video only drawn from), as a
 * stream. The video outlasts the scan: WebKitGTK stalls a looping video after its first
 * seconds. videoTimeAt(t) says which second of the video was drawn at page time t.
 */
export const VIDEO_CAMERA = `
async function videoCamera(url) {
  const video = Object.assign(document.createElement("video"), { muted: true, playsInline: true, src: url });
  await video.play();
  const canvas = Object.assign(document.createElement("canvas"), { width: video.videoWidth, height: video.videoHeight });
  const ctx = canvas.getContext("2d");
  let on = true;
  const draws = [];
  const draw = () => { ctx.drawImage(video, 0, 0); draws.push([performance.now(), video.currentTime]); if (on) requestAnimationFrame(draw); };
  draw();
  const stream = canvas.captureStream(30);
  const videoTimeAt = (t) => { let last = draws[0]; for (const d of draws) { if (d[0] > t) break; last = d; } return last[1]; };
  return { stream, videoTimeAt, stop: () => { on = false; video.pause(); stream.getTracks().forEach((t) => t.stop()); } };
}`;

/**
 * A bare page that scans a video with the browser SDK (/sdk/vitals-web.js) in any engine, as a
 * camera (VIDEO_CAMERA) or as the MP4 itself, picked as a file. window.scanFixture answers the
 * SDK's figures, its last on-device pulse reading and, for a camera, the span of the video its
 * frames showed (seconds); it POSTs the tensor it made to /bench-tensor, for the caller to
 * analyse (the benchmarks, against a stub of the service).
 */
export const ENGINE_HARNESS = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Engine harness</title>
<script type="module">
import { VitalsCapture } from "/sdk/vitals-web.js";
${VIDEO_CAMERA}
window.scanFixture = (mode, url, durationSeconds) =>
  scan(mode, url, durationSeconds).catch((err) => ({ ok: false, error: err.name + ": " + err.message + " " + (err.stack ?? ""), pulse: null }));
async function scan(mode, url, durationSeconds) {
  const camera = mode === "camera" ? await videoCamera(url) : undefined;
  const source = camera ? camera.stream : await (await fetch(url)).blob();
  const capture = new VitalsCapture(source, { credential: "bench-token", baseUrl: location.origin, durationSeconds });
  let pulse = null;
  let encoded = null;
  capture.on("pulse", (e) => { if (e.heartRate !== null) pulse = { heartRate: e.heartRate, quality: e.quality }; });
  let timestamps = [];
  capture.on("encoded", (e) => { encoded = e.tensor; timestamps = e.timestamps; });
  try {
    await capture.start();
    // The tensor goes to the page's server (too large for some drivers' answers).
    await fetch("/bench-tensor", { method: "POST", body: encoded });
    const videoSpan = camera && timestamps.length ? [camera.videoTimeAt(timestamps[0]), camera.videoTimeAt(timestamps[timestamps.length - 1])] : undefined;
    return { ok: true, stats: capture.stats, pulse, timestamps, videoSpan };
  } catch (err) {
    return { ok: false, error: err.name + ": " + err.message, stats: capture.stats, pulse };
  } finally {
    camera?.stop();
  }
}
window.harnessReady = true;
</script>
</html>`;

/**
 * A developer's page with one <vitals-scan> (its token from the site's /api/vitals-token),
 * the camera being VIDEO_CAMERA of /face.mp4. window.scanWithElement(mode) presses what a
 * person presses (for a file: "Use a video file instead", the file put in the picker, as a
 * drop would) and answers the vitals the host page heard, or the error it heard.
 */
export const elementPage = (serviceUrl: string, seconds: number) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>My clinic: check-in scan</title>
<main><h1>Check-in scan</h1>
<script type="module" src="/sdk/vitals-scan.js"></script>
<vitals-scan token-url="/api/vitals-token" base-url="${serviceUrl}" duration="${seconds}"></vitals-scan>
</main>
<script>
${VIDEO_CAMERA}
let camera;
navigator.mediaDevices.getUserMedia = async () => { camera = await videoCamera("/face.mp4"); return camera.stream; };
window.scanWithElement = async (mode) => {
  await customElements.whenDefined("vitals-scan");
  const root = document.querySelector("vitals-scan").shadowRoot;
  const button = (label) => [...root.querySelectorAll("button")].find((b) => b.textContent.trim() === label);
  const heard = new Promise((resolve) => {
    document.addEventListener("vitals-result", (e) => resolve({ ok: true, vitals: e.detail.vitals }), { once: true });
    document.addEventListener("vitals-error", (e) => resolve({ ok: false, error: e.detail.title + " (" + e.detail.code + ")" }), { once: true });
  });
  if (mode === "file") {
    button("Use a video file instead").click();
    const blob = await (await fetch("/face.mp4")).blob();
    const picked = new DataTransfer();
    picked.items.add(new File([blob], "face.mp4", { type: "video/mp4" }));
    const input = root.querySelector("[data-testid=video-file]");
    input.files = picked.files;
    input.dispatchEvent(new Event("change"));
  }
  await new Promise((r) => setTimeout(r, 100));
  button("Start scan").click();
  const answer = await heard;
  camera?.stop();
  return answer;
};
</script>
</html>`;

/**
 * elementPage for the benchmarks (the site's own origin as the service, a stub): it also counts
 * the frames the capture took (its video, the one not in the page, asks for each frame once) and
 * the pace warnings the element heard; window.elementFrames() answers them.
 */
export const elementBenchPage = (seconds: number) =>
  elementPage("", seconds)
    .replace(' base-url=""', "")
    .replace(
      "</main>",
      `</main>
<script>
let frames = 0;
const slow = [];
const ask = HTMLVideoElement.prototype.requestVideoFrameCallback;
HTMLVideoElement.prototype.requestVideoFrameCallback = function (cb) { if (!this.isConnected) frames++; return ask.call(this, cb); };
document.addEventListener("vitals-pace", (e) => slow.push(e.detail));
window.elementFrames = () => ({ frames, pace: slow });
</script>`,
    );
