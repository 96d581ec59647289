// Tables of the realistic chain: accuracy over confident scans, share confident, the
// worst confident errors, by condition, and the reliability of each confidence band.
import type { AnalyzeOutcome } from "../../src/index.js";
import type { RealisticCase } from "./set.js";

export type Result = { c: RealisticCase; truth: { heartRate: number; respiratoryRate: number }; out: AnalyzeOutcome };

type Row = {
  c: RealisticCase;
  conf: number;
  err: number;
  signed: number;
  rrErr: number;
  /** The breathing rate's own confidence (NaN when a saved row did not keep it). */
  rrConf: number;
  read: number;
  truth: number;
  reasons: string[];
};

const CONFIDENT = 0.4;
// Confidence bins of the reliability tables: the spec's bands split in two.
const BINS = [
  [0, 0.1],
  [0.1, 0.25],
  [0.25, 0.4],
  [0.4, 0.55],
  [0.55, 0.7],
  [0.7, 0.85],
  [0.85, 1.01],
];

function rows(results: Result[]): Row[] {
  return results.map(({ c, truth, out }) => {
    const v = out.ok ? out.vitals : undefined;
    return {
      c,
      conf: v ? v.confidence : 0,
      read: v ? v.heart_rate : NaN,
      truth: truth.heartRate,
      err: v ? Math.abs(v.heart_rate - truth.heartRate) : NaN,
      signed: v ? v.heart_rate - truth.heartRate : NaN,
      rrErr: v ? Math.abs(v.respiratory_rate - truth.respiratoryRate) : NaN,
      rrConf: v?.quality?.respiratory_rate.confidence ?? NaN,
      reasons: v?.quality?.reasons ?? [],
    };
  });
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f = (v: number, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : "-");

function line(label: string, rs: Row[]) {
  const conf = rs.filter((r) => r.conf >= CONFIDENT);
  const wrong = rs.filter((r) => r.conf >= CONFIDENT && r.err > 10).length;
  const wrongHigh = rs.filter((r) => r.conf >= 0.7 && r.err > 5).length;
  const worst = conf.length ? Math.max(...conf.map((r) => r.err)) : NaN;
  return `| ${label} | ${rs.length} | ${f((100 * conf.length) / Math.max(1, rs.length), 0)} % | ${f(mean(conf.map((r) => r.err)))} | ${f(mean(conf.map((r) => r.signed)))} | ${f(worst, 1)} | ${wrong} | ${wrongHigh} | ${f(mean(conf.map((r) => r.rrErr)))} | ${f(mean(rs.map((r) => r.err)))} |`;
}

function table(title: string, rs: Row[], key: (r: Row) => string, order?: string[]) {
  console.log(`\n${title}\n`);
  console.log(
    "| condition | scans | confident (>= 0.4) | HR MAE confident (bpm) | HR bias confident | worst confident error | >= 0.4 off > 10 | >= 0.7 off > 5 | RR MAE confident (/min) | HR MAE all |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const groups = new Map<string, Row[]>();
  for (const r of rs) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const keys = order ?? [...groups.keys()].sort();
  for (const k of keys) if (groups.has(k)) console.log(line(k, groups.get(k)!));
}

const hrBucket = (r: Row) =>
  r.truth < 60 ? "40-60" : r.truth < 90 ? "60-90" : r.truth < 120 ? "90-120" : r.truth < 150 ? "120-150" : "150-180";
// Log-spaced over the drawn 25-80 px (each bin ~1.34x the last); the small-face chain's
// scans all fall in the first.
const CHEEK_BINS = ["25-33 px", "34-44 px", "45-59 px", "60-80 px"];
const cheekBucket = (r: Row) => CHEEK_BINS[r.c.cheekPx < 34 ? 0 : r.c.cheekPx < 45 ? 1 : r.c.cheekPx < 60 ? 2 : 3];
const bppBucket = (r: Row) =>
  r.c.bitsPerPixel < 0.2 ? "0.10-0.20" : r.c.bitsPerPixel < 0.4 ? "0.20-0.40" : "0.40-1.00";

export function printReport(results: Result[], seconds: number) {
  const rs = rows(results);
  console.log(
    `Realistic chain: ${rs.length} scans${Number.isFinite(seconds) ? ` in ${seconds.toFixed(0)} s` : ""} (${rs.filter((r) => !Number.isFinite(r.err)).length} failed analyses count as confidence 0).`,
  );
  table("Overall", rs, () => "all");
  table("By codec", rs, (r) => r.c.codec);
  table("By frame rate", rs, (r) => `${r.c.fps} fps`, ["15 fps", "24 fps", "30 fps", "60 fps"]);
  table("By Fitzpatrick type", rs, (r) => `type ${r.c.fitzpatrick}`);
  table("By heart rate (bpm)", rs, hrBucket, ["40-60", "60-90", "90-120", "120-150", "150-180"]);
  table("By cheek region size (source pixels)", rs, cheekBucket, CHEEK_BINS);
  table("By bitrate (bits per pixel per frame)", rs, bppBucket);
  table(
    "By camera events (exposure steps / white-balance steps / head movements)",
    rs,
    (r) => `${r.c.exposureSteps} / ${r.c.whiteBalanceSteps} / ${r.c.moves}`,
  );
  table(
    "Acceptance subset",
    rs.filter((r) => r.c.fps === 30 && r.c.codec === "h264" && r.c.fitzpatrick <= 4),
    () => "Fitzpatrick 1-4, 30 fps, H.264",
  );
  // The acceptance subset is 1 scan in 16 of Fitzpatrick 1-4 (18 of 200, 4 of 48): too few
  // to read a share from alone. Its neighbours in conditions give a steadier figure.
  table(
    "Near the acceptance subset (Fitzpatrick 1-4)",
    rs.filter((r) => r.c.fitzpatrick <= 4 && (r.c.codec === "h264" || r.c.fps >= 24)),
    (r) => (r.c.codec !== "h264" ? "VP8/VP9, 24-60 fps" : r.c.fps >= 24 ? "H.264, 24-60 fps" : "H.264, 15 fps"),
    ["H.264, 24-60 fps", "H.264, 15 fps", "VP8/VP9, 24-60 fps"],
  );
  table(
    "Fitzpatrick 1-4, H.264, 24-60 fps, by cheek region size",
    rs.filter((r) => r.c.fitzpatrick <= 4 && r.c.codec === "h264" && r.c.fps >= 24),
    cheekBucket,
    CHEEK_BINS,
  );

  console.log("\nReliability (share of scans within 5 bpm, by confidence)\n");
  console.log("| confidence | scans | within 5 bpm | within 10 bpm | HR MAE (bpm) |");
  console.log("|---|---|---|---|---|");
  for (const [lo, hi] of BINS) {
    const bin = rs.filter((r) => r.conf >= lo && r.conf < hi && Number.isFinite(r.err));
    const share = (lim: number) =>
      bin.length ? `${f((100 * bin.filter((r) => r.err <= lim).length) / bin.length, 0)} %` : "-";
    console.log(
      `| ${lo.toFixed(2)}-${Math.min(1, hi).toFixed(2)} | ${bin.length} | ${share(5)} | ${share(10)} | ${f(mean(bin.map((r) => r.err)))} |`,
    );
  }

  // Breathing has a confidence of its own (docs/api.md, "Per-vital quality"): it must mean
  // what it says as the overall one does.
  const withRr = rs.filter((r) => Number.isFinite(r.rrConf) && Number.isFinite(r.rrErr));
  if (withRr.length) {
    console.log("\nBreathing reliability (share within 3 /min, by the breathing rate's confidence)\n");
    console.log("| breathing confidence | scans | within 3 /min | within 6 /min | RR MAE (/min) |");
    console.log("|---|---|---|---|---|");
    for (const [lo, hi] of BINS) {
      const bin = withRr.filter((r) => r.rrConf >= lo && r.rrConf < hi);
      const share = (lim: number) =>
        bin.length ? `${f((100 * bin.filter((r) => r.rrErr <= lim).length) / bin.length, 0)} %` : "-";
      console.log(
        `| ${lo.toFixed(2)}-${Math.min(1, hi).toFixed(2)} | ${bin.length} | ${share(3)} | ${share(6)} | ${f(mean(bin.map((r) => r.rrErr)))} |`,
      );
    }
  }

  // The reasons a result names (docs/api.md), by what the scan went through: "compression"
  // should follow the codec, and nothing else should.
  const REASONS = ["motion", "low_light", "face_lost", "weak_pulse", "compression"];
  console.log("\nReasons named (share of scans)\n");
  console.log(`| video | scans | ${REASONS.join(" | ")} |`);
  console.log(`|---|---|${REASONS.map(() => "---|").join("")}`);
  const byVideo = new Map<string, Row[]>();
  for (const r of rs) {
    const k = r.c.noCodec ? "no codec" : r.c.codec;
    byVideo.set(k, [...(byVideo.get(k) ?? []), r]);
  }
  for (const [k, group] of [...byVideo.entries()].sort())
    console.log(
      `| ${k} | ${group.length} | ${REASONS.map((why) => `${f((100 * group.filter((r) => r.reasons.includes(why)).length) / group.length, 0)} %`).join(" | ")} |`,
    );

  console.log("\nWorst confident (>= 0.4) errors\n");
  for (const r of rs
    .filter((r) => r.conf >= CONFIDENT)
    .sort((a, b) => b.err - a.err)
    .slice(0, 8)) {
    console.log(
      `- #${r.c.index} ${r.c.codec} ${r.c.fps} fps type ${r.c.fitzpatrick} cheek ${r.c.cheekPx} px ${r.c.kbps} kbps: read ${r.read} for ${r.truth.toFixed(1)} bpm at ${r.conf}`,
    );
  }
}
