import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { declaredMethods } from "@/lib/http/endpoint";

const APP = path.resolve("app");

/** Every route file under app/, found on disk, so a new route is covered without editing a test. */
export function routeFiles(dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/**
 * The URL path of a route file, route groups dropped: app/sdk/session/[sessionId]/result/route.ts
 * is /sdk/session/{sessionId}/result, or with `sample` each dynamic segment given a value.
 */
export function routePath(file: string, sample?: (segment: string, catchAll: boolean) => string): string {
  const segments = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments
    .map((s) => {
      const dynamic = /^\[(\.\.\.)?(\w+)\]$/.exec(s);
      if (!dynamic) return s;
      return sample ? sample(dynamic[2], Boolean(dynamic[1])) : `{${dynamic[2]}}`;
    })
    .join("/")}`;
}

/** The methods a route file declares in its endpoint({...}) (undefined if it has none). */
export async function routeMethods(file: string): Promise<readonly string[] | undefined> {
  return declaredMethods((await import(file)).OPTIONS);
}
