// Prints heart rate and SDNN from the camera PPG against the chest strap, per recording.
import { analyseRecording } from "../test/welltory-analysis.js";
import { loadRecordings } from "../test/welltory.js";

console.log("| recording | HR camera | HR strap | SDNN camera (ms) | SDNN strap (ms) | beats kept |");
console.log("|---|---|---|---|---|---|");
const errs: { hr: number; sdnn: number }[] = [];
for (const rec of loadRecordings()) {
  const r = analyseRecording(rec);
  errs.push({ hr: Math.abs(r.hr - r.refHr), sdnn: Math.abs(r.sdnn - r.refSdnn) });
  console.log(
    `| ${rec.name} | ${r.hr.toFixed(1)} | ${r.refHr.toFixed(1)} | ${r.sdnn.toFixed(0)} | ${r.refSdnn.toFixed(0)} | ${(100 * r.kept).toFixed(0)} % |`,
  );
}
const mae = (k: "hr" | "sdnn") => errs.reduce((a, e) => a + e[k], 0) / errs.length;
const med = (k: "hr" | "sdnn") => [...errs.map((e) => e[k])].sort((a, b) => a - b)[errs.length >> 1];
console.log(
  `\nHR: MAE ${mae("hr").toFixed(2)} bpm, median ${med("hr").toFixed(2)} bpm; SDNN: MAE ${mae("sdnn").toFixed(1)} ms, median ${med("sdnn").toFixed(1)} ms (n=${errs.length})`,
);
