import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No file imports itself through others, type imports included, in the code that ships (the SDK,
// the inference package, lib/, the server and the portal's components): a cycle is a pair of
// modules no one can read or change alone (README, the layout).

const ROOT = path.resolve(import.meta.dirname, "..");
const DIRS = ["sdk/src", "inference/src", "lib", "server", "components"];
const SKIP = /(\.test\.tsx?|\.d\.ts)$|\/generated\//;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sources(file);
    return /\.tsx?$/.test(name) && !SKIP.test(file) ? [file] : [];
  });
}

/** The file an import names (relative or `@/` from the root), or undefined for a package. */
function resolveImport(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else return undefined;
  const stem = base.replace(/\.js$/, "");
  return [`${stem}.ts`, `${stem}.tsx`, path.join(base, "index.ts")].find((f) => existsSync(f));
}

// import/export ... from "x", import "x" and import("x") (TypeScript 7 has no JS parser API).
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*\(?\s*["']([^"']+)["']/gm;

/** Each source file and the source files it imports. */
function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sources(path.join(ROOT, d)))) {
    const specs = [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => m[1] ?? m[2]!);
    const deps = specs.map((spec) => resolveImport(file, spec)).filter((f) => f !== undefined);
    graph.set(
      file,
      deps.filter((f) => !SKIP.test(f)),
    );
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("import cycles", () => {
  it("finds a planted cycle, and none in a chain", () => {
    const planted = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(findCycles(planted)).toEqual([["a", "b", "c"]]);
    expect(findCycles(new Map([...planted, ["c", ["d"]]]))).toEqual([]);
  });

  it("none in the SDK, inference, lib/, the server or the components", () => {
    const graph = importGraph(DIRS);
    expect(graph.size).toBeGreaterThan(300);
    const cycles = findCycles(graph).map((group) => group.map((f) => path.relative(ROOT, f)));
    expect(cycles).toEqual([]);
  });
});
