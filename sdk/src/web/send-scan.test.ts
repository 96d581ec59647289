import { describe, expect, it } from "vitest";
import { BASE, fakeService, jsonResponse, session, TOKENS, waveforms } from "../../test/fake-service.js";
import { VitalsClient } from "../client.js";
import { Emitter } from "./events.js";
import { sendScan } from "./send-scan.js";

const vitals = {
  heart_rate: 74.2,
  respiratory_rate: 15.3,
  hrv: 46,
  spo2: 97.4,
  systolic_bp: 119.1,
  diastolic_bp: 77.6,
  confidence: 0.84,
};

// VitalsCapture's requests once its tensor is built (a camera and the face model are the
// browser's; the e2e tests run those), against a stand-in service.
function service() {
  const s = session();
  return fakeService((req) => {
    if (req.url.endsWith("/start")) return jsonResponse(s);
    if (req.method === "PUT") return new Response(null, { status: 200 });
    const asked = new URL(req.url).searchParams.get("include") === "waveform";
    return jsonResponse({
      session_id: s.session_id,
      status: "completed",
      vitals,
      processing_time_ms: 280,
      ...(asked ? { waveforms: waveforms() } : {}),
    });
  });
}

describe("the capture's upload (sendScan)", () => {
  it('with include: ["waveform"], upload-complete carries ?include=waveform and the result the waveforms', async () => {
    const fake = service();
    const client = new VitalsClient({ credential: TOKENS.live, baseUrl: BASE, fetch: fake.fetch });
    const events = new Emitter();
    const stages: string[] = [];
    events.on("stage", (e) => stages.push(`${e.stage} after ${fake.requests.length} requests`));
    const signal = new AbortController().signal;
    const result = await sendScan(client, new Uint8Array(8), { include: ["waveform"], signal }, events);
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${BASE}/sdk/session/start`,
      `PUT ${session().upload_url}`,
      `POST ${BASE}/sdk/session/upload-complete?include=waveform`,
    ]);
    expect(fake.requests[2]!.headers.get("authorization")).toBe(`Bearer ${TOKENS.live}`);
    expect(stages).toEqual(["analysing after 2 requests"]);
    expect(result.vitals).toEqual(vitals);
    expect(result.waveforms).toEqual(waveforms());
  });

  it("without include, upload-complete has no query and the result no waveforms", async () => {
    const fake = service();
    const client = new VitalsClient({ credential: TOKENS.live, baseUrl: BASE, fetch: fake.fetch });
    const signal = new AbortController().signal;
    const result = await sendScan(client, new Uint8Array(8), { signal }, new Emitter());
    expect(fake.requests[2]!.url).toBe(`${BASE}/sdk/session/upload-complete`);
    expect(result.waveforms).toBeUndefined();
  });
});
