// The quick-start page's snippets, filled with this service's address and the developer's
// own test key prefix. The key itself is read from $VITALS_API_KEY: it is never shown again.
import { elementSnippet } from "@/components/try-it/scan-snippet";

export function quickstartSnippets(baseUrl: string, testPrefix?: string) {
  const keyHint = testPrefix ? `${testPrefix}…` : "ck_test_…";
  return {
    scanElement: elementSnippet(baseUrl),
    tokenEndpoint: `// Your server's /api/vitals-token (any stack; here Node 20+): a client token for this page's origin,
// minted with your secret key, which never reaches the browser.
export async function POST(req: Request) {
  const res = await fetch("${baseUrl}/sdk/client-token", {
    method: "POST",
    headers: { "X-API-Key": process.env.VITALS_API_KEY!, "Content-Type": "application/json" },
    body: JSON.stringify({ origins: [new URL(req.url).origin], ttl_seconds: 300, max_scans: 1 }),
  });
  return new Response(await res.text(), { status: res.status, headers: { "Content-Type": "application/json" } });
}`,
    exportKey: `export VITALS_API_KEY="${keyHint}"   # paste your full test key`,
    start: [
      `curl -sS --fail-with-body -X POST "${baseUrl}/sdk/session/start" \\`,
      `  -H "X-API-Key: $VITALS_API_KEY" \\`,
      `  -H "Content-Type: application/json" \\`,
      `  -d '{"demographics":{"age":35,"sex":"F","fitzpatrick":3}}'`,
    ].join("\n"),
    upload: [
      `# UPLOAD_URL is the upload_url from step 2`,
      `curl -sS --fail-with-body -X PUT "$UPLOAD_URL" \\`,
      `  -H "Content-Type: application/octet-stream" \\`,
      `  --data-binary @tensor.bin`,
    ].join("\n"),
    complete: [
      `# SESSION_ID is the session_id from step 2`,
      `curl -sS --fail-with-body -X POST "${baseUrl}/sdk/session/upload-complete" \\`,
      `  -H "X-API-Key: $VITALS_API_KEY" \\`,
      `  -H "Content-Type: application/json" \\`,
      `  -d "{\\"session_id\\":\\"$SESSION_ID\\"}"`,
    ].join("\n"),
    typescript: `import { readFile } from "node:fs/promises";

const BASE = "${baseUrl}";
const headers = { "X-API-Key": process.env.VITALS_API_KEY!, "Content-Type": "application/json" }; // ${keyHint}

const start = await fetch(\`\${BASE}/sdk/session/start\`, { method: "POST", headers, body: "{}" });
const { session_id, upload_url } = await start.json();

await fetch(upload_url, {
  method: "PUT",
  headers: { "Content-Type": "application/octet-stream" },
  body: await readFile("tensor.bin"),
});

const done = await fetch(\`\${BASE}/sdk/session/upload-complete\`, {
  method: "POST",
  headers,
  body: JSON.stringify({ session_id }),
});
const { vitals } = await done.json();
console.log(vitals.heart_rate, vitals.confidence);`,
  };
}
