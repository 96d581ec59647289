// What the person acts on: camera or video file, the file picker with the privacy statement,
// the help when the camera is blocked, Start / Stop / Scan again, and the error with what to do.
import { h, show, text } from "./dom.js";
import { BUSY, cameraBlocked, type ScanState } from "./scan-state.js";
import type { ScanTexts, SourceKind } from "./texts.js";

export type SourceChoice = "camera" | "file" | "both";
export type ControlsHandlers = {
  onSource: (s: SourceKind) => void;
  onFile: (f: File | null) => void;
  onStart: () => void;
  onStop: () => void;
};

export class ControlsView {
  readonly element: HTMLElement;
  readonly error: HTMLElement;
  readonly #t: ScanTexts;
  readonly #group: HTMLElement;
  readonly #tabs: Record<SourceKind, HTMLButtonElement>;
  readonly #filePart: HTMLElement;
  readonly #input: HTMLInputElement;
  readonly #help: HTMLElement;
  readonly #start: HTMLButtonElement;
  readonly #stop: HTMLButtonElement;

  constructor(t: ScanTexts, on: ControlsHandlers) {
    this.#t = t;
    const tab = (kind: SourceKind, label: string) => {
      const b = h("button", { type: "button", part: "button source", "aria-pressed": "false" }, label);
      b.addEventListener("click", () => on.onSource(kind));
      return b;
    };
    this.#tabs = { camera: tab("camera", t.sourceCamera), file: tab("file", t.sourceFile) };
    this.#group = h(
      "div",
      { class: "row", role: "group", "aria-label": t.sourceGroup },
      this.#tabs.camera,
      this.#tabs.file,
    );
    this.#input = h("input", {
      id: "vitals-file",
      type: "file",
      accept: "video/*",
      part: "file",
      "data-testid": "video-file",
    });
    this.#input.addEventListener("change", () => on.onFile(this.#input.files?.[0] ?? null));
    this.#filePart = h(
      "div",
      {},
      h("label", { for: "vitals-file" }, t.fileLabel),
      this.#input,
      h("p", { class: "note", "data-testid": "privacy-note" }, h("strong", {}, t.privacyStrong), ` ${t.privacyRest}`),
    );
    this.#help = h("div", { class: "box warn", part: "help", "data-testid": "camera-help" });
    this.#start = h("button", { type: "button", class: "primary", part: "button start" }, t.start);
    this.#start.addEventListener("click", () => on.onStart());
    this.#stop = h("button", { type: "button", part: "button stop" }, t.stop);
    this.#stop.addEventListener("click", () => on.onStop());
    this.#helpFileButton = h("button", { type: "button", part: "button" }, t.sourceFile);
    this.#helpFileButton.addEventListener("click", () => on.onSource("file"));
    this.element = h(
      "div",
      { class: "panel", part: "controls" },
      this.#group,
      this.#filePart,
      this.#help,
      h("div", { class: "row", style: "margin-top: 1rem" }, this.#start, this.#stop),
    );
    this.error = h("div", { class: "box error", part: "error", role: "alert", "data-testid": "scan-error" });
  }

  readonly #helpFileButton: HTMLButtonElement;
  #helpFor: string | null = null;

  update(st: ScanState, choice: SourceChoice, file: File | null, disabled: boolean): void {
    const t = this.#t;
    const busy = BUSY.has(st.phase);
    show(this.#group, choice === "both");
    for (const kind of ["camera", "file"] as const) {
      this.#tabs[kind].setAttribute("aria-pressed", String(st.source === kind));
      this.#tabs[kind].disabled = busy;
    }
    show(this.#filePart, st.source === "file");
    this.#input.disabled = busy;
    const blocked = st.source === "camera" && cameraBlocked(st);
    show(this.#help, blocked);
    if (blocked && this.#helpFor !== st.camera) this.#fillHelp(st.camera === "missing", choice !== "camera");
    this.#helpFor = blocked ? st.camera : null;
    // Start and Stop take each other's place: keyboard focus follows, never lost to the page.
    const focused = (this.element.getRootNode() as Document | ShadowRoot).activeElement;
    show(this.#start, !busy);
    show(this.#stop, busy);
    text(this.#start, st.phase === "done" || st.phase === "failed" ? t.again : t.start);
    this.#start.disabled = disabled || busy || (st.source === "camera" ? blocked : file === null);
    if (busy && focused === this.#start) this.#stop.focus();
    if (!busy && focused === this.#stop) (this.#start.disabled && blocked ? this.#helpFileButton : this.#start).focus();
    show(this.error, st.phase === "failed" && st.failure !== null);
    if (st.phase === "failed" && st.failure) {
      this.error.replaceChildren(h("h3", {}, st.failure.title), h("p", {}, st.failure.message));
    }
  }

  #fillHelp(missing: boolean, offerFile: boolean): void {
    const t = this.#t;
    this.#help.replaceChildren(
      ...(missing
        ? [h("h3", {}, t.cameraMissingTitle), h("p", {}, t.cameraMissingText)]
        : [
            h("h3", {}, t.cameraBlockedTitle),
            h("p", {}, t.cameraBlockedIntro),
            h("ul", {}, h("li", {}, t.cameraBlockedDesktop), h("li", {}, t.cameraBlockedPhone)),
          ]),
      ...(offerFile ? [this.#helpFileButton] : []),
    );
  }
}
