// <vitals-scan>'s look: every colour a CSS custom property a page can set on the element
// (docs/sdk.md lists them), light and dark by the system's colour scheme, one column at 320 px.
export const STYLES = `
:host {
  --vitals-fg: #0f172a; --vitals-muted: #475569; --vitals-bg: #ffffff; --vitals-surface: #f8fafc;
  --vitals-border: #cbd5e1; --vitals-accent: #4338ca; --vitals-accent-fg: #ffffff;
  --vitals-stage-bg: #0f172a; --vitals-pulse: #be123c; --vitals-ok-bg: #d1fae5; --vitals-ok-fg: #064e3b;
  --vitals-warn-bg: #fef3c7; --vitals-warn-fg: #78350f; --vitals-error-bg: #fef2f2; --vitals-error-fg: #7f1d1d;
  --vitals-radius: 0.5rem; --vitals-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: block; min-width: 0; color: var(--vitals-fg); background: var(--vitals-bg); color-scheme: light dark;
  border-radius: var(--vitals-radius); font-family: var(--vitals-font); line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :host {
    --vitals-fg: #f1f5f9; --vitals-muted: #cbd5e1; --vitals-bg: #0f172a; --vitals-surface: #1e293b;
    --vitals-border: #334155; --vitals-accent: #4f46e5; --vitals-pulse: #fb7185;
    --vitals-ok-bg: #064e3b; --vitals-ok-fg: #d1fae5; --vitals-warn-bg: #451a03; --vitals-warn-fg: #fef3c7;
    --vitals-error-bg: #450a0a; --vitals-error-fg: #fee2e2;
  }
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.root { display: flex; flex-direction: column; gap: 1rem; min-width: 0; }
.panel { background: var(--vitals-bg); border: 1px solid var(--vitals-border); border-radius: var(--vitals-radius); padding: 1rem; min-width: 0; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
button { font: inherit; font-size: 0.875rem; font-weight: 500; border-radius: 0.375rem; padding: 0.4rem 0.8rem; cursor: pointer;
  border: 1px solid var(--vitals-border); background: var(--vitals-bg); color: var(--vitals-fg); }
button[aria-pressed="true"], button.primary { background: var(--vitals-accent); color: var(--vitals-accent-fg); border-color: var(--vitals-accent); }
button:disabled { opacity: 0.55; cursor: not-allowed; }
button:focus-visible, input:focus-visible { outline: 2px solid var(--vitals-accent); outline-offset: 2px; }
label { display: block; font-size: 0.875rem; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input[type="file"] { display: block; width: 100%; max-width: 100%; font: inherit; font-size: 0.875rem; color: var(--vitals-fg); }
.small { font-size: 0.8125rem; color: var(--vitals-muted); margin: 0.5rem 0 0; }
.note { font-size: 0.875rem; margin: 0.5rem 0 0; }
.box { border-radius: var(--vitals-radius); padding: 0.75rem 1rem; margin-top: 0.75rem; font-size: 0.875rem; }
.box h3 { font-size: 0.9375rem; margin: 0 0 0.25rem; }
.box p { margin: 0.25rem 0; } .box ul { margin: 0.25rem 0; padding-left: 1.25rem; }
.warn { background: var(--vitals-warn-bg); color: var(--vitals-warn-fg); }
.error { background: var(--vitals-error-bg); color: var(--vitals-error-fg); margin: 0; }
/* No rounded clip (overflow: hidden with a radius) over the live preview: WebKit (every iPhone)
   repaints a clipped video through a mask each frame, which cost the capture three of every four
   camera frames in WebKitGTK (docs/benchmarks.md, "Browser capture", "Per engine"). */
.stage { position: relative; width: 100%; max-width: 36rem; margin: 0 auto; border-radius: var(--vitals-radius);
  background: var(--vitals-stage-bg); aspect-ratio: 4 / 3; }
.stage video, .stage canvas { position: absolute; inset: 0; width: 100%; height: 100%; }
.stage canvas { pointer-events: none; }
.mirrored { transform: scaleX(-1); }
.placeholder { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; margin: 0;
  padding: 1.5rem; text-align: center; font-size: 0.875rem; color: #e2e8f0; }
.ring { position: absolute; right: 0.5rem; bottom: 0.5rem; width: 6rem; height: 6rem; border-radius: 50%;
  background: rgb(2 6 23 / 0.75); color: #fff; }
.ring svg { width: 100%; height: 100%; transform: rotate(-90deg); }
.ring span { position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; line-height: 1.1; }
.ring b { font-size: 1.25rem; font-variant-numeric: tabular-nums; } .ring small { font-size: 0.6875rem; }
.live { width: 100%; max-width: 36rem; margin: 0.75rem auto 0; border: 1px dashed var(--vitals-border); border-radius: 0.375rem; padding: 0.5rem 0.75rem; }
.live .head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 0.75rem; font-size: 0.75rem; color: var(--vitals-muted); }
.live svg { display: block; width: 100%; height: 2.5rem; margin-top: 0.25rem; color: var(--vitals-pulse); }
.live p { font-size: 0.6875rem; color: var(--vitals-muted); margin: 0; }
.feedback { text-align: center; font-size: 0.875rem; font-weight: 600; margin: 0.75rem 0 0; }
.checks { list-style: none; display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem; padding: 0; margin: 0.5rem 0 0; }
.chip { border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.75rem; font-weight: 600; background: var(--vitals-surface); color: var(--vitals-fg); }
.chip.ok { background: var(--vitals-ok-bg); color: var(--vitals-ok-fg); } .chip.no { background: var(--vitals-warn-bg); color: var(--vitals-warn-fg); }
.legend { list-style: none; display: flex; flex-wrap: wrap; justify-content: center; gap: 0.25rem 1rem; padding: 0; margin: 0.5rem 0 0; font-size: 0.75rem; }
.legend li { display: flex; align-items: center; gap: 0.35rem; } .swatch { width: 0.75rem; height: 0.75rem; border-radius: 0.15rem; }
.center { text-align: center; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.result-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem; }
.result-head h2 { font-size: 1rem; margin: 0; }
.badge { border-radius: 999px; padding: 0.1rem 0.6rem; font-size: 0.75rem; font-weight: 600; }
.badge.high { background: var(--vitals-ok-bg); color: var(--vitals-ok-fg); }
.badge.moderate, .badge.low { background: var(--vitals-warn-bg); color: var(--vitals-warn-fg); }
.badge.fallback { background: var(--vitals-surface); color: var(--vitals-fg); }
.vitals { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); gap: 0.75rem; margin: 1rem 0 0; }
.vital { background: var(--vitals-surface); border-radius: 0.375rem; padding: 0.75rem; min-width: 0; }
.vital dt { font-size: 0.75rem; color: var(--vitals-muted); }
.vital dd { margin: 0.25rem 0 0; } .vital .value { font-size: 1.25rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.vital .unit, .vital .own { font-size: 0.75rem; font-weight: 400; color: var(--vitals-muted); }
.waveforms { margin: 1rem 0 0; min-width: 0; } .waveforms figcaption { font-size: 0.75rem; color: var(--vitals-muted); margin-top: 0.5rem; }
.trace { margin-top: 0.75rem; } .trace p { font-size: 0.75rem; font-weight: 600; margin: 0; }
.chart { position: relative; height: 5rem; color: var(--vitals-pulse); } .chart.breathing { color: #0369a1; }
@media (prefers-color-scheme: dark) { .chart.breathing { color: #38bdf8; } }
.chart svg { display: block; width: 100%; height: 4rem; }
.ticks { position: relative; height: 1rem; font-size: 0.6875rem; color: var(--vitals-muted); }
.ticks span { position: absolute; transform: translateX(-50%); } .ticks span:first-child { transform: none; }
ul.reasons { font-size: 0.875rem; padding-left: 1.25rem; }
`;
