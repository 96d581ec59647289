// A bare page that scans the face fixture with the browser SDK (/sdk/vitals-web.js) in any
// engine: as a camera, a canvas stream fed by the fixture's MP4 playing in a <video> (what
// every engine can make; only Chromium takes a file as a fake camera; the MP4 outlasts the scan,
// as WebKitGTK stalls a looping video after its first seconds), or as the MP4 itself,
// picked as a file. window.scanFixture answers the SDK's figures, its last on-device pulse
// reading and, for a camera, the span of the video its frames showed (seconds); it POSTs the
// tensor it made to /bench-tensor, for the caller to analyse.

export const ENGINE_HARNESS = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Engine harness</title>
<script type="module">
import { VitalsCapture } from "/sdk/vitals-web.js";
async function fixtureCamera(url) {
  const video = Object.assign(document.createElement("video"), { muted: true, playsInline: true, src: url });
  await video.play();
  const canvas = Object.assign(document.createElement("canvas"), { width: video.videoWidth, height: video.videoHeight });
  const ctx = canvas.getContext("2d");
  // Redrawn every animation frame (WebKit's video frame callbacks stop on a video only drawn from).
  // Each draw's page time and video time: which seconds of the video a frame time shows.
  let on = true;
  const draws = [];
  const draw = () => { ctx.drawImage(video, 0, 0); draws.push([performance.now(), video.currentTime]); if (on) requestAnimationFrame(draw); };
  draw();
  const stream = canvas.captureStream(30);
  const videoTimeAt = (t) => { let last = draws[0]; for (const d of draws) { if (d[0] > t) break; last = d; } return last[1]; };
  return { stream, videoTimeAt, stop: () => { on = false; video.pause(); stream.getTracks().forEach((t) => t.stop()); } };
}
window.scanFixture = (mode, url, durationSeconds) =>
  scan(mode, url, durationSeconds).catch((err) => ({ ok: false, error: err.name + ": " + err.message + " " + (err.stack ?? ""), pulse: null }));
async function scan(mode, url, durationSeconds) {
  const camera = mode === "camera" ? await fixtureCamera(url) : undefined;
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
