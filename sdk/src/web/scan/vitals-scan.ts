// <vitals-scan>: a whole scan in one tag (docs/sdk.md, "The <vitals-scan> element"). Camera
// permission help, the preview with the face box and regions, live feedback, the progress ring
// and the provisional pulse, then the result with its confidence bands; or a video file that
// stays on the device. A standards custom element with an open shadow root, no framework.
import type { Result } from "../../types.js";
import { VitalsCapture, type CaptureSource } from "../capture.js";
import type { CaptureEvents, CaptureStage } from "../events.js";
import { ControlsView, type SourceChoice } from "./controls-view.js";
import { h } from "./dom.js";
import { resultCard } from "./result-view.js";
import { describeFailure, type ScanFailure } from "./scan-failure.js";
import { BUSY, INITIAL, scanReducer, type ScanAction, type ScanState } from "./scan-state.js";
import { scanToken, type Credential } from "./scan-token.js";
import { StageView } from "./stage-view.js";
import { STYLES } from "./styles.js";
import { textsFor, type DeepPartial, type ScanTexts } from "./texts.js";

/** The element's DOM events (bubbling, composed): the SDK's payloads, for the page to take over. */
export type VitalsScanEvents = {
  "vitals-stage": CaptureEvents["stage"];
  "vitals-result": Result;
  "vitals-error": ScanFailure & { error: unknown };
};

// Node (server rendering, tests) has no HTMLElement: the class is defined, never instantiated there.
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;
const FORWARDED = ["face", "lighting", "motion", "pace", "progress", "regions", "pulse"] as const;

export class VitalsScan extends Base {
  static readonly observedAttributes = ["source", "lang", "disabled"];
  #state: ScanState = INITIAL;
  #texts?: DeepPartial<ScanTexts>;
  #credential: Credential | null = null;
  #file: File | null = null;
  #capture: VitalsCapture | null = null;
  #stream: MediaStream | null = null;
  #controls?: ControlsView;
  #stage?: StageView;
  #result: HTMLElement | null = null;
  #root?: ShadowRoot;

  /** A client token, or a function that gets one (called when Start is pressed); else `token-url` is used. */
  get credential(): Credential | null {
    return this.#credential;
  }
  set credential(value: Credential | null) {
    this.#credential = value;
  }

  /** Replacements for the English texts (texts.ts); what is left out stays English. */
  get texts(): DeepPartial<ScanTexts> | undefined {
    return this.#texts;
  }
  set texts(value: DeepPartial<ScanTexts> | undefined) {
    this.#texts = value;
    this.#build();
  }

  /** The scan's state as the element shows it (read-only). */
  get state(): Readonly<ScanState> {
    return this.#state;
  }

  get disabled(): boolean {
    return this.hasAttribute("disabled");
  }
  set disabled(value: boolean) {
    this.toggleAttribute("disabled", value);
  }

  connectedCallback(): void {
    if (!this.#root) this.#build();
    this.#watchCameraPermission();
  }

  disconnectedCallback(): void {
    // Leaving the page stops the camera and the upload.
    this.stop();
    this.#releaseCamera();
  }

  attributeChangedCallback(name: string): void {
    if (!this.#root) return;
    if (name === "lang") this.#build();
    else if (name === "source")
      this.#dispatch({ type: "source", source: this.#choice() === "file" ? "file" : "camera" });
    else this.#render();
  }

  /** Starts a scan, as the Start button does. Resolves when it has ended (result, error or stop). */
  async start(): Promise<void> {
    const source = this.#state.source;
    if (BUSY.has(this.#state.phase) || this.disabled || (source === "file" && !this.#file)) return;
    this.#dispatch({ type: "preparing" });
    this.#result?.remove();
    this.#result = null;
    try {
      const input = source === "camera" ? await this.#openCamera() : this.#showFile(this.#file!);
      if (!input) return;
      // Asked for when Start is pressed, not at the session's start: a refusal (limits, a
      // token endpoint that fails) is told before the person sits still for the capture.
      const credential = await scanToken(this.#credential, this.getAttribute("token-url"));
      await this.#run(input, credential);
    } catch (err) {
      this.#fail(err);
    } finally {
      this.#capture = null;
      this.#releaseCamera();
    }
  }

  /** Stops the capture or the upload; the element goes back to its start. */
  stop(): void {
    this.#capture?.abort();
  }

  async #run(input: CaptureSource, credential: string): Promise<void> {
    const capture = new VitalsCapture(input, {
      credential,
      baseUrl: this.getAttribute("base-url") ?? location.origin,
      ...(this.hasAttribute("assets-base-url") ? { assetsBaseUrl: this.getAttribute("assets-base-url")! } : {}),
      durationSeconds: Number(this.getAttribute("duration")) || 20,
      ...(this.hasAttribute("include-waveform") ? { include: ["waveform"] as const } : {}),
    });
    this.#capture = capture;
    capture.on("stage", (e) => {
      this.#dispatch({ type: "stage", stage: e.stage as CaptureStage });
      this.#emit("vitals-stage", e);
    });
    capture.on("face", (e) => this.#dispatch({ type: "face", found: e.found }));
    capture.on("lighting", (e) => this.#dispatch({ type: "lighting", tooDark: e.tooDark }));
    capture.on("motion", (e) => this.#dispatch({ type: "motion", tooMuch: e.tooMuch }));
    capture.on("pace", (e) => this.#dispatch({ type: "pace", tooSlow: e.tooSlow }));
    capture.on("progress", (e) => {
      this.#dispatch({ type: "progress", progress: e });
      this.#followFile(e.elapsedSeconds);
    });
    capture.on("regions", (e) => this.#dispatch({ type: "regions", regions: e }));
    capture.on("pulse", (e) => this.#dispatch({ type: "pulse", pulse: e }));
    for (const type of FORWARDED) capture.on(type, (e) => this.#emit(`vitals-${type}`, e));
    const result = await capture.start();
    this.#dispatch({ type: "done", result });
    this.#emit("vitals-result", result);
  }

  #fail(err: unknown): void {
    const failure = describeFailure(err, this.#t());
    this.#dispatch(failure ? { type: "failed", failure } : { type: "reset" });
    if (failure) this.#emit("vitals-error", { ...failure, error: err });
  }

  /** The camera's stream shown in the preview, or null (refused or none: the help says what to do). */
  async #openCamera(): Promise<MediaStream | null> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" }, audio: false });
    } catch (err) {
      const name = (err as DOMException)?.name;
      this.#dispatch({
        type: "camera",
        camera: name === "NotFoundError" || name === "OverconstrainedError" ? "missing" : "denied",
      });
      this.#dispatch({ type: "reset" });
      return null;
    }
    this.#dispatch({ type: "camera", camera: "granted" });
    this.#stream = stream;
    const video = this.#stage!.video;
    video.removeAttribute("src");
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    return stream;
  }

  /** The file in the preview (an object URL: read by this page only, never sent anywhere). */
  #showFile(file: File): File {
    const video = this.#stage!.video;
    video.srcObject = null;
    if (video.src) URL.revokeObjectURL(video.src);
    video.src = URL.createObjectURL(file);
    return file;
  }

  /** A file is decoded, not played: the preview follows the second being scanned. */
  #followFile(seconds: number): void {
    const video = this.#stage?.video;
    if (this.#state.source === "file" && video?.src && video.paused && !video.seeking) video.currentTime = seconds;
  }

  #releaseCamera(): void {
    for (const t of this.#stream?.getTracks() ?? []) t.stop();
    this.#stream = null;
  }

  #watchCameraPermission(): void {
    navigator.permissions
      ?.query({ name: "camera" as PermissionName })
      .then((p) => {
        if (p.state === "denied") this.#dispatch({ type: "camera", camera: "denied" });
        p.onchange = () => this.#dispatch({ type: "camera", camera: p.state === "denied" ? "denied" : "unknown" });
      })
      .catch(() => undefined);
  }

  #choice(): SourceChoice {
    const s = this.getAttribute("source");
    return s === "camera" || s === "file" ? s : "both";
  }

  #t(): ScanTexts {
    return textsFor(this.getAttribute("lang"), this.#texts);
  }

  /** (Re)builds the shadow root's content with the current texts; the state carries over. */
  #build(): void {
    if (BUSY.has(this.#state.phase)) return;
    this.#root ??= this.attachShadow({ mode: "open" });
    const t = this.#t();
    this.#controls = new ControlsView(t, {
      onSource: (source) => this.#dispatch({ type: "source", source }),
      onFile: (file) => {
        this.#file = file;
        this.#render();
      },
      onStart: () => void this.start(),
      onStop: () => this.stop(),
    });
    this.#stage = new StageView(t);
    const choice = this.#choice();
    if (choice !== "both") this.#state = { ...this.#state, source: choice };
    this.#result = this.#state.result ? resultCard(this.#state.result, t) : null;
    this.#root.replaceChildren(
      h("style", {}, STYLES),
      h(
        "div",
        { class: "root", part: "container" },
        this.#controls.element,
        this.#controls.error,
        this.#stage.element,
        this.#result,
      ),
    );
    this.#render();
  }

  #dispatch(action: ScanAction): void {
    const before = this.#state;
    this.#state = scanReducer(before, action);
    if (action.type === "done") {
      this.#result = resultCard(action.result, this.#t());
      if (this.#result) this.#stage!.element.after(this.#result);
    }
    if (this.#state !== before) this.#render();
  }

  #render(): void {
    this.#controls?.update(this.#state, this.#choice(), this.#file, this.disabled);
    this.#stage?.update(this.#state);
  }

  #emit<K extends keyof VitalsScanEvents | `vitals-${(typeof FORWARDED)[number]}`>(type: K, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Registers the element as <vitals-scan> (once; a second call does nothing). */
export function defineVitalsScan(name = "vitals-scan"): void {
  if (!customElements.get(name)) customElements.define(name, VitalsScan);
}
