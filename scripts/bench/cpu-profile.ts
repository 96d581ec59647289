// Summarises a V8 .cpuprofile (node --cpu-prof): self time per function, top N, and the share
// of the busy (non-idle) time spent in each package (the first node_modules name on the path).
import { readFileSync } from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

function where(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith("node:") || url === "") return url || "(native/VM)";
  return url.includes("/.next/")
    ? "app (.next bundle)"
    : url.replace(/^file:\/\/.*?\/(lib|server|scripts|app)\//, "$1/");
}

/**
 * `lastSeconds`: only the samples of the profile's last seconds (the load, not the start-up's
 * module loading), ending half a second before the profile does (the shutdown).
 */
export function summariseProfile(file: string, top = 15, lastSeconds?: number): string {
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = p.startTime;
  const times = p.timeDeltas.map((d) => (at += d));
  const to = p.endTime - 0.5e6;
  const from = lastSeconds ? to - lastSeconds * 1e6 : -Infinity;
  p.samples.forEach((id, i) => {
    if (times[i] < from || times[i] > to) return;
    const dt = p.timeDeltas[i + 1] ?? 0;
    const n = byId.get(id)!;
    // Idle is time the server waited (for PostgreSQL, Redis, the next request): left out below.
    if (n.callFrame.functionName === "(idle)") {
      idle += dt;
      return;
    }
    const name = `${n.callFrame.functionName || "(anonymous)"}  ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + dt);
    byPackage.set(where(n.callFrame.url), (byPackage.get(where(n.callFrame.url)) ?? 0) + dt);
    total += dt;
  });
  const pct = (v: number) => `${((100 * v) / total).toFixed(1).padStart(5)} %`;
  const lines = [
    `  sampled ${((total + idle) / 1e6).toFixed(1)} s: busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; shares of the busy time`,
    "  self time by function:",
  ];
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`    ${pct(t)}  ${name}`);
  lines.push("  self time by package:");
  for (const [name, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`    ${pct(t)}  ${name}`);
  return lines.join("\n");
}
