// A tfjs graph model (model.json and its weights) as an ONNX graph, for the ops of the face
// mesh model (docs/sdk.md, "From a video file in Node"): convolutions (plain, depthwise,
// fused with a bias and PReLU or ReLU), additions, PReLU, max pooling, padding, reshape,
// sigmoid. TensorFlow's tensors are NHWC and ONNX's convolutions NCHW: the input is turned
// once, the weights are laid out for ONNX here, and a reshape sees NHWC again, so every
// output is what the tfjs model gives. Any other op is refused by name.
import type { GraphSpec, Initializer, OnnxNode } from "./onnx-writer.js";

type TfAttr = { s?: string; i?: string; f?: number; list?: { i?: string[]; s?: string[] } };
type TfNode = { name: string; op: string; input?: string[]; attr?: Record<string, TfAttr> };
type TfWeight = { name: string; shape: number[]; dtype: string; quantization?: { dtype: string } };
export type TfGraphModel = {
  modelTopology: { node: TfNode[] };
  weightsManifest: { weights: TfWeight[] }[];
};

type Weight = { shape: number[]; data: Float32Array | Int32Array };

/** The weights of `model` from its concatenated weight files (float16-quantized or plain). */
export function readWeights(model: TfGraphModel, bin: Uint8Array): Map<string, Weight> {
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const out = new Map<string, Weight>();
  let at = 0;
  for (const w of model.weightsManifest.flatMap((m) => m.weights)) {
    const n = w.shape.reduce((a, b) => a * b, 1);
    if (w.dtype === "int32") {
      out.set(w.name, {
        shape: w.shape,
        data: Int32Array.from({ length: n }, (_, i) => view.getInt32(at + 4 * i, true)),
      });
      at += 4 * n;
    } else if (w.dtype === "float32" && w.quantization?.dtype === "float16") {
      const data = new Float32Array(n);
      for (let i = 0; i < n; i++) data[i] = HALVES[view.getUint16(at + 2 * i, true)]!;
      out.set(w.name, { shape: w.shape, data });
      at += 2 * n;
    } else if (w.dtype === "float32" && !w.quantization) {
      out.set(w.name, {
        shape: w.shape,
        data: Float32Array.from({ length: n }, (_, i) => view.getFloat32(at + 4 * i, true)),
      });
      at += 4 * n;
    } else {
      throw new Error(`weight ${w.name}: ${w.dtype} (${w.quantization?.dtype ?? "plain"}) is not read`);
    }
  }
  return out;
}

/** Every IEEE 754 half's value, by its bits. */
const HALVES = Float32Array.from({ length: 1 << 16 }, (_, h) => half(h));

/** An IEEE 754 half as a number. */
function half(h: number): number {
  const sign = h & 0x8000 ? -1 : 1,
    exp = (h >> 10) & 0x1f,
    frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

const text = (a?: TfAttr) => (a?.s ? Buffer.from(a.s, "base64").toString() : "");
const ints = (a?: TfAttr) => (a?.list?.i ?? []).map(Number);

/** The ONNX graph of a tfjs graph model with one NHWC float input of `inputDims`. */
export function tfjsToOnnx(model: TfGraphModel, bin: Uint8Array, inputDims: number[]): GraphSpec {
  const weights = readWeights(model, bin);
  const nodes: OnnxNode[] = [];
  const initializers: Initializer[] = [];
  const outputs: string[] = [];
  let input = "";
  const f32 = (name: string, dims: number[], data: Float32Array) => {
    initializers.push({ name, dims, data });
    return name;
  };
  const i64 = (name: string, values: number[]) => {
    initializers.push({ name, dims: [values.length], data: BigInt64Array.from(values.map(BigInt)) });
    return name;
  };
  const weight = (name: string) => {
    const w = weights.get(name);
    if (!w) throw new Error(`no weight ${name}`);
    return w;
  };
  const conv = (n: TfNode, filter: Weight, depthwise: boolean, out: string) => {
    const [kh, kw, cin, m] = filter.shape as [number, number, number, number];
    // TF: [kh, kw, in, out] (depthwise: [kh, kw, channels, multiplier]); ONNX: [out, in/group, kh, kw].
    const outChannels = depthwise ? cin * m : m;
    const laid = new Float32Array(filter.data.length);
    for (let y = 0; y < kh; y++)
      for (let x = 0; x < kw; x++)
        for (let c = 0; c < cin; c++)
          for (let k = 0; k < m; k++) {
            const src = ((y * kw + x) * cin + c) * m + k;
            const dst = depthwise ? ((c * m + k) * kh + y) * kw + x : ((k * cin + c) * kh + y) * kw + x;
            laid[dst] = filter.data[src]!;
          }
    const [, sh, sw] = ints(n.attr?.strides);
    const [, dh, dw] = ints(n.attr?.dilations);
    const padding = text(n.attr?.padding);
    if (padding !== "SAME" && padding !== "VALID") throw new Error(`${n.name}: padding ${padding} is not converted`);
    const inputs = [n.input![0]!, f32(`${n.name}/w`, [outChannels, depthwise ? 1 : cin, kh, kw], laid)];
    return {
      op: "Conv",
      inputs,
      outputs: [out],
      attributes: {
        kernel_shape: [kh, kw],
        strides: [sh ?? 1, sw ?? 1],
        dilations: [dh ?? 1, dw ?? 1],
        group: depthwise ? cin : 1,
        auto_pad: padding === "SAME" ? "SAME_UPPER" : "VALID",
      },
    } satisfies OnnxNode;
  };
  // PReLU as x + (slope - 1) * min(x, 0): onnxruntime's own PRelu broadcasts a per-channel
  // slope slowly (half the model's time); these three run at memory speed.
  const zero = f32("prelu/zero", [], new Float32Array([0]));
  const prelu = (x: string, slope: string, out: string): OnnxNode[] => {
    const s = weight(slope).data;
    const less = f32(
      `${slope}/minus1`,
      [s.length, 1, 1],
      Float32Array.from(s, (v) => v - 1),
    );
    return [
      { op: "Min", inputs: [x, zero], outputs: [`${out}/neg`] },
      { op: "Mul", inputs: [`${out}/neg`, less], outputs: [`${out}/scaled`] },
      { op: "Add", inputs: [x, `${out}/scaled`], outputs: [out] },
    ];
  };

  for (const n of model.modelTopology.node) {
    const ins = n.input ?? [];
    switch (n.op) {
      case "Const":
        break;
      case "Placeholder":
        input = n.name;
        nodes.push({
          op: "Transpose",
          inputs: [`${n.name}:nhwc`],
          outputs: [n.name],
          attributes: { perm: [0, 3, 1, 2] },
        });
        break;
      case "_FusedConv2D": {
        const fused = (n.attr?.fused_ops?.list?.s ?? []).map((s) => Buffer.from(s, "base64").toString());
        if (fused[0] !== "BiasAdd" || fused.length > 2) throw new Error(`${n.name}: fused ${fused.join(",")}`);
        const after = fused[1];
        const convOut = after ? `${n.name}/conv` : n.name;
        const node = conv(n, weight(ins[1]!), false, convOut);
        node.inputs.push(f32(`${ins[2]}/b`, [weight(ins[2]!).data.length], Float32Array.from(weight(ins[2]!).data)));
        nodes.push(node);
        if (after === "Prelu") nodes.push(...prelu(convOut, ins[3]!, n.name));
        else if (after === "Relu") nodes.push({ op: "Relu", inputs: [convOut], outputs: [n.name] });
        else if (after) throw new Error(`${n.name}: fused ${after}`);
        break;
      }
      case "DepthwiseConv2dNative":
        nodes.push(conv(n, weight(ins[1]!), true, n.name));
        break;
      case "AddV2":
        nodes.push({ op: "Add", inputs: ins, outputs: [n.name] });
        break;
      case "Prelu":
        nodes.push(...prelu(ins[0]!, ins[1]!, n.name));
        break;
      case "Relu":
      case "Sigmoid":
      case "Identity":
        nodes.push({ op: n.op, inputs: [ins[0]!], outputs: [n.name] });
        break;
      case "MaxPool": {
        const [, kh, kw] = ints(n.attr?.ksize);
        const [, sh, sw] = ints(n.attr?.strides);
        const padding = text(n.attr?.padding);
        nodes.push({
          op: "MaxPool",
          inputs: [ins[0]!],
          outputs: [n.name],
          attributes: {
            kernel_shape: [kh!, kw!],
            strides: [sh!, sw!],
            auto_pad: padding === "SAME" ? "SAME_UPPER" : "VALID",
          },
        });
        break;
      }
      case "Pad": {
        // TF: [[n0, n1], [h0, h1], [w0, w1], [c0, c1]]; ONNX: [n0, c0, h0, w0, n1, c1, h1, w1].
        const p = Array.from(weight(ins[1]!).data);
        const pads = [p[0]!, p[6]!, p[2]!, p[4]!, p[1]!, p[7]!, p[3]!, p[5]!];
        nodes.push({ op: "Pad", inputs: [ins[0]!, i64(`${n.name}/pads`, pads)], outputs: [n.name] });
        break;
      }
      case "Reshape": {
        const nhwc = `${n.name}/nhwc`;
        nodes.push({ op: "Transpose", inputs: [ins[0]!], outputs: [nhwc], attributes: { perm: [0, 2, 3, 1] } });
        const shape = Array.from(weight(ins[1]!).data);
        nodes.push({ op: "Reshape", inputs: [nhwc, i64(`${n.name}/shape`, shape)], outputs: [n.name] });
        break;
      }
      default:
        throw new Error(`${n.name}: op ${n.op} is not converted`);
    }
    if (n.op === "Identity" && !n.name.includes("/")) outputs.push(n.name);
  }
  if (!input) throw new Error("the model has no input");
  return { nodes, initializers, input: { name: `${input}:nhwc`, dims: inputDims }, outputs };
}
