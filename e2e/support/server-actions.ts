import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";

// Server actions called without their page: a call the browser really made is recorded, then
// sent again (as is, or with another action's id from the build's manifest) from another
// session, to show what the server itself allows whatever the page offers.

type Manifest = { node: Record<string, { filename?: string; exportedName?: string }> };

export type RecordedAction = { url: string; contentType: string; body: Buffer; id: string };

/** The support console's server actions in the production build. */
export function supportActions(): { id: string; name: string }[] {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as Manifest;
  return Object.entries(manifest.node)
    .filter(([, a]) => a.filename?.startsWith("lib/actions/support/"))
    .map(([id, a]) => ({ id, name: a.exportedName ?? "" }));
}

/** Records the server action request that `trigger` makes the page send. */
export async function recordAction(page: Page, trigger: () => Promise<void>): Promise<RecordedAction> {
  const sent = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await trigger();
  const req = await sent;
  return {
    url: req.url(),
    contentType: req.headers()["content-type"]!,
    body: req.postDataBuffer()!,
    id: req.headers()["next-action"]!,
  };
}

export function replayAction(request: APIRequestContext, call: RecordedAction, actionId: string) {
  return request.post(call.url, {
    headers: { "Next-Action": actionId, "Content-Type": call.contentType, Accept: "text/x-component" },
    data: call.body,
    maxRedirects: 0,
  });
}
