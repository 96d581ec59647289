// The face model, off the page's frame loop: a Web Worker running @vladmandic/human (face
// detector + 468-point mesh, tfjs on its WebAssembly backend). Bundled on its own into
// public/sdk/face-worker.js; the models and .wasm files come from the app's public/models/.
import { Human } from "@vladmandic/human";
import { faceModelConfig, type FaceModelTimeline } from "./face-model-config.js";

export type WorkerRequest =
  | { type: "init"; assetsBaseUrl: string; timeline: FaceModelTimeline }
  | { type: "detect"; id: number; frame: ImageBitmap };
export type WorkerReply =
  | { type: "ready" }
  | { type: "failed"; message: string }
  /** `mesh`: x0, y0, x1, y1, … (468 points, frame pixels); absent when no face was found. */
  | { type: "landmarks"; id: number; mesh?: Float32Array; score: number; ms: number };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

let human: Human | undefined;

const config = (assets: string, timeline: FaceModelTimeline) =>
  faceModelConfig(`${assets}/models/tfjs/`, `${assets}/models/human/`, timeline);

scope.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === "init") {
    try {
      human = new Human(config(msg.assetsBaseUrl, msg.timeline));
      await human.load();
      // One detection on a blank frame compiles the model's kernels before the first real frame.
      await human.detect(new ImageData(64, 64));
      scope.postMessage({ type: "ready" });
    } catch (err) {
      scope.postMessage({ type: "failed", message: (err as Error)?.message ?? String(err) });
    }
    return;
  }
  if (!human) return;
  const t0 = performance.now();
  let reply: WorkerReply;
  try {
    const result = await human.detect(msg.frame);
    const face = result.face[0];
    const ms = performance.now() - t0;
    if (face && face.mesh.length >= 468) {
      const mesh = new Float32Array(face.mesh.length * 2);
      face.mesh.forEach((p, i) => {
        mesh[2 * i] = p[0];
        mesh[2 * i + 1] = p[1];
      });
      reply = { type: "landmarks", id: msg.id, mesh, score: face.score, ms };
    } else reply = { type: "landmarks", id: msg.id, score: 0, ms };
  } catch {
    reply = { type: "landmarks", id: msg.id, score: 0, ms: performance.now() - t0 };
  } finally {
    msg.frame.close();
  }
  scope.postMessage(reply, reply.mesh ? [reply.mesh.buffer] : []);
};
