// The preview with the regions and the progress ring over it, the provisional live pulse, the
// one line of feedback and the capture checks: built once, then updated from the state.
import type { CaptureEvents } from "../events.js";
import { h, s, show, text } from "./dom.js";
import { drawRegions, REGION_RGB } from "./overlay.js";
import { PULSE_VIEW, provisionalRate, pulseAnnouncement, pulsePoints, rateLabel } from "./pulse-view.js";
import { feedback, type ScanState } from "./scan-state.js";
import type { ScanTexts } from "./texts.js";

const RING_R = 44;
const RING_C = 2 * Math.PI * RING_R;

export class StageView {
  readonly element: HTMLElement;
  readonly video: HTMLVideoElement;
  readonly #t: ScanTexts;
  readonly #stage: HTMLElement;
  readonly #overlay: HTMLCanvasElement;
  readonly #placeholder: HTMLElement;
  readonly #live: HTMLElement;
  readonly #rate: HTMLElement;
  readonly #wave: SVGSVGElement;
  readonly #spoken: HTMLElement;
  readonly #feedback: HTMLElement;
  readonly #capturing: HTMLElement;
  readonly #checks: HTMLElement;
  readonly #usable: HTMLElement;
  #ring: HTMLElement | null = null;
  #spokenAt: number | null = null;
  #drawnRegions: ScanState["regions"] = null;
  /** The reading drawn; undefined: none yet in this capture (the empty wave is drawn first). */
  #drawnPulse: ScanState["pulse"] | undefined;

  constructor(t: ScanTexts) {
    this.#t = t;
    this.video = h("video", { part: "preview", "data-testid": "preview", muted: true, playsinline: true });
    this.video.muted = true;
    this.video.addEventListener("loadedmetadata", () => {
      const v = this.video;
      if (v.videoWidth && v.videoHeight) this.#stage.style.aspectRatio = `${v.videoWidth} / ${v.videoHeight}`;
    });
    this.#overlay = h("canvas", {
      part: "overlay",
      "aria-hidden": "true",
      "data-testid": "scan-overlay",
      "data-regions": 0,
    });
    this.#placeholder = h("p", { class: "placeholder" });
    this.#stage = h("div", { class: "stage", part: "stage" }, this.video, this.#overlay, this.#placeholder);
    this.#rate = h("span", { "aria-hidden": "true", "data-testid": "live-pulse-rate" });
    this.#wave = s("svg", {
      viewBox: `0 0 ${PULSE_VIEW.width} ${PULSE_VIEW.height}`,
      preserveAspectRatio: "none",
      role: "img",
      "data-testid": "live-pulse-waveform",
    });
    this.#spoken = h("p", { class: "sr", "aria-live": "polite", "data-testid": "live-pulse-announcement" });
    this.#live = h(
      "section",
      { class: "live", part: "live-pulse", "aria-label": t.livePulse, "data-testid": "live-pulse" },
      h("div", { class: "head" }, h("span", {}, `${t.livePulseTitle} `, h("i", {}, t.provisional)), this.#rate),
      this.#wave,
      h("p", {}, t.liveNote),
      this.#spoken,
    );
    this.#feedback = h("p", {
      class: "feedback",
      part: "feedback",
      role: "status",
      "aria-live": "polite",
      "data-testid": "feedback",
    });
    this.#checks = h("ul", { class: "checks", part: "checks", "aria-label": t.checks });
    this.#usable = h("p", { class: "small center", "data-testid": "usable-seconds" });
    this.#capturing = h("div", {}, this.#checks, this.#usable, legend(t));
    this.element = h("div", {}, this.#stage, this.#live, this.#feedback, this.#capturing);
  }

  update(st: ScanState): void {
    const t = this.#t;
    const capturing = st.phase === "capturing";
    const camera = st.source === "camera";
    show(this.#stage, st.phase !== "done");
    this.video.classList.toggle("mirrored", camera);
    this.#overlay.classList.toggle("mirrored", camera);
    this.video.setAttribute("aria-label", camera ? t.cameraPreview : t.videoPreview);
    show(this.#placeholder, st.phase === "idle" || st.phase === "failed");
    text(this.#placeholder, camera ? t.placeholderCamera : t.placeholderFile);
    const regions = capturing ? st.regions : null;
    if (regions !== this.#drawnRegions) {
      this.#drawnRegions = regions;
      drawRegions(this.#overlay, regions);
    }
    this.#updateRing(capturing ? st.progress : null);
    show(this.#live, capturing);
    if (capturing && st.pulse !== this.#drawnPulse) {
      this.#drawnPulse = st.pulse;
      this.#updatePulse(st.pulse);
    }
    if (!capturing) {
      this.#spokenAt = null;
      this.#drawnPulse = undefined;
    }
    text(this.#feedback, feedback(st, t));
    show(this.#capturing, capturing);
    if (capturing) {
      this.#checks.replaceChildren(
        check(st.face, st.face === null ? t.checkLooking : t.checkFace, t.checkFaceLost),
        check(st.face ? !st.tooDark : null, t.checkLight, t.checkDark),
        check(st.face ? !st.tooMuch : null, t.checkStill, t.checkMoving),
      );
      const p = st.progress;
      show(this.#usable, p !== null);
      if (p) text(this.#usable, t.usable(p.usableSeconds, p.neededSeconds));
    }
  }

  /** The ring is in the DOM only while it shows (a page can watch for it coming and going). */
  #updateRing(p: CaptureEvents["progress"] | null): void {
    if (!p) {
      this.#ring?.remove();
      this.#ring = null;
      return;
    }
    if (!this.#ring) {
      this.#ring = h(
        "div",
        {
          class: "ring",
          part: "progress",
          role: "progressbar",
          "aria-label": this.#t.progressLabel,
          "aria-valuemin": 0,
          "data-testid": "progress-ring",
        },
        s(
          "svg",
          { viewBox: "0 0 100 100", "aria-hidden": "true" },
          s("circle", {
            cx: 50,
            cy: 50,
            r: RING_R,
            fill: "none",
            stroke: "currentColor",
            "stroke-opacity": 0.25,
            "stroke-width": 8,
          }),
          s("circle", {
            cx: 50,
            cy: 50,
            r: RING_R,
            fill: "none",
            stroke: "rgb(129 140 248)",
            "stroke-width": 8,
            "stroke-linecap": "round",
            "stroke-dasharray": RING_C,
          }),
        ),
        h("span", {}, h("b"), h("small")),
      );
      this.#stage.append(this.#ring);
    }
    const ring = this.#ring;
    const share = p.durationSeconds > 0 ? Math.min(1, p.elapsedSeconds / p.durationSeconds) : 0;
    ring.setAttribute("aria-valuemax", String(Math.round(p.durationSeconds)));
    ring.setAttribute("aria-valuenow", String(Math.round(p.elapsedSeconds)));
    ring.setAttribute(
      "aria-valuetext",
      this.#t.progressText(p.elapsedSeconds, p.durationSeconds, p.usableSeconds, p.neededSeconds),
    );
    ring.querySelectorAll("circle")[1]!.setAttribute("stroke-dashoffset", String(RING_C * (1 - share)));
    text(ring.querySelector("b")!, this.#t.seconds(Math.round(p.elapsedSeconds)));
    text(ring.querySelector("small")!, this.#t.ringOf(Math.round(p.durationSeconds)));
  }

  #updatePulse(pulse: ScanState["pulse"]): void {
    const t = this.#t;
    const rate = provisionalRate(pulse);
    const points = pulsePoints(pulse?.waveform ?? []);
    text(this.#rate, rateLabel(pulse, t));
    const seconds = pulse?.waveform.length ? Math.round(pulse.waveform.length / pulse.sampleRate) : 0;
    this.#wave.setAttribute("aria-label", points ? t.liveWave(seconds) : t.liveWaveWaiting);
    const { width, height } = PULSE_VIEW;
    this.#wave.replaceChildren(
      points
        ? s("polyline", {
            points,
            fill: "none",
            stroke: "currentColor",
            "stroke-width": 1.5,
            "stroke-linejoin": "round",
            "vector-effect": "non-scaling-stroke",
          })
        : s("line", {
            x1: 0,
            x2: width,
            y1: height / 2,
            y2: height / 2,
            stroke: "currentColor",
            "stroke-opacity": 0.3,
            "stroke-dasharray": "4 4",
            "vector-effect": "non-scaling-stroke",
          }),
    );
    // A rate that changed is said once the last words are a few seconds old.
    const now = performance.now();
    const said = pulseAnnouncement(rate, now, this.#spokenAt, t);
    if (said !== null && said !== this.#spoken.textContent) {
      this.#spokenAt = now;
      this.#spoken.textContent = said;
    }
  }
}

function check(ok: boolean | null, yes: string, no: string): HTMLElement {
  return h("li", { class: `chip ${ok === null ? "" : ok ? "ok" : "no"}` }, ok === false ? no : yes);
}

function legend(t: ScanTexts): HTMLElement {
  const item = (swatch: string, name: string) =>
    h("li", {}, h("span", { class: "swatch", "aria-hidden": "true", style: swatch }), name);
  return h(
    "ul",
    { class: "legend", "aria-label": t.regionsLegend },
    item("border: 2px solid #64748b", t.faceBox),
    ...t.regionNames.map((name, i) => item(`background: rgb(${(REGION_RGB[i] ?? REGION_RGB[3]).join(" ")})`, name)),
  );
}
