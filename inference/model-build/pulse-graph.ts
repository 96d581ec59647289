// The pulse-extraction model: skin-masked spatial means and a sliding-window POS
// projection per region. Inputs/outputs are the contract in docs/inference.md.
import { FLOAT, GraphBuilder, UINT8, onnx, valueInfo } from "./onnx-helpers.js";
import { addPbv } from "./pbv-graph.js";

export type PulseModelOptions = {
  /** POS normalisation window in seconds (Wang et al. 2017 use ~1.6 s). */
  windowSeconds?: number;
  /** Multiplies the pulse output; 0 gives a model with no pulse signal (used by tests). */
  pulseGain?: number;
  /** false leaves out the optional pulse_pbv output (a POS-only model, used by tests). */
  withPbv?: boolean;
  name?: string;
};

const EPS = 1e-6;

export function buildPulseModel(opts: PulseModelOptions = {}): Uint8Array {
  const windowSeconds = opts.windowSeconds ?? 1.6;
  const g = new GraphBuilder();

  // Skin-masked means. A non-skin pixel is exactly (0,0,0), so the plain pixel sum
  // already excludes it; only the pixel count needs the mask. Everything heavy stays in
  // uint8: sums are an integer matrix-vector product with ones (int32 results), so the
  // 45 MB input is never widened into a 180 MB float copy.
  const onesPx = g.bytes("ones_px", [5184, 1], new Uint8Array(5184).fill(1));
  const zeroU8 = g.bytes("zero_u8", [], new Uint8Array([0]));
  const planes = g.op("Reshape", ["frames", g.ints("shape_planes_px", [2], [-1, 5184])]); // [T*12, 5184]
  const planeSums = g.op("MatMulInteger", [planes, onesPx, zeroU8, zeroU8]); // int32 [T*12, 1]
  const sums = g.op("Reshape", [g.op("Cast", [planeSums], { to: FLOAT }), g.ints("shape_t_4_3", [3], [-1, 4, 3])]);
  const x4 = g.op("Reshape", ["frames", g.ints("shape_t4_3_px", [4], [0, 4, 3, 5184])]);
  const pixMax = g.op("ReduceMax", [x4], { axes: [2], keepdims: 0 }); // uint8 [T,4,5184]
  const skinU8 = g.op("Clip", [pixMax, zeroU8, g.bytes("one_u8", [], new Uint8Array([1]))]); // 1 = skin
  const skinPlanes = g.op("Reshape", [skinU8, g.ints("shape_regions_px", [2], [-1, 5184])]);
  const counts = g.op("MatMulInteger", [skinPlanes, onesPx, zeroU8, zeroU8]); // int32 [T*4, 1]
  const count = g.op("Reshape", [g.op("Cast", [counts], { to: FLOAT }), g.ints("shape_t_4", [2], [-1, 4])]);
  g.op("Div", [count, g.floats("pixels", [], [5184])], {}, "skin_fraction");
  const safeCount = g.op("Max", [count, g.floats("one", [], [1])]);
  const means = g.op("Div", [sums, g.op("Unsqueeze", [safeCount, g.ints("axis_2b", [1], [2])])], {}, "rgb_means");

  // Window length in frames from the runtime fps: K = max(1, round(fps * window)).
  const k = g.op("Cast", [g.op("Round", [g.op("Mul", ["fps", g.floats("win_s", [1], [windowSeconds])])])], { to: 7 });
  const kSafe = g.op("Max", [k, g.ints("one_i", [1], [1])]);
  const kernel = (channels: number) =>
    g.op("ConstantOfShape", [g.op("Concat", [g.ints(`dims_${channels}_1`, [2], [channels, 1]), kSafe], { axis: 0 })], {
      value: { tensor: { dims: [1], dataType: FLOAT, floatData: [1] } },
    });
  const w12 = kernel(12);
  const w8 = kernel(8);
  const w4 = kernel(4);
  const w1 = kernel(1);

  // Moving average with edge-correct normalisation: conv(x) / conv(ones).
  const series = g.op("Reshape", [
    g.op("Transpose", [means], { perm: [1, 2, 0] }),
    g.ints("shape_1_12_t", [3], [1, 12, -1]),
  ]);
  const ones = g.op("ConstantOfShape", [g.op("Shape", [series], { start: 2 } as never)], {
    value: { tensor: { dims: [1], dataType: FLOAT, floatData: [1] } },
  });
  const ones3 = g.op("Reshape", [ones, g.ints("shape_1_1_t", [3], [1, 1, -1])]);
  const norm = g.op("Conv", [ones3, w1], { auto_pad: "SAME_UPPER" }); // [1,1,T]
  const movingMean = (input: string, w: string, groups: number) =>
    g.op("Div", [g.op("Conv", [input, w], { auto_pad: "SAME_UPPER", group: groups }), norm]);

  // POS (plane-orthogonal-to-skin): temporally normalised colour, two projections,
  // combined with a local std ratio so the intensity (specular/motion) direction cancels.
  const mu = movingMean(series, w12, 12);
  const cn = g.op("Div", [series, g.op("Max", [mu, g.floats("eps_a", [], [EPS])])]);
  const cn4 = g.op("Reshape", [cn, g.ints("shape_4_3_t", [3], [4, 3, -1])]);
  const proj = g.floats("pos_projection", [2, 3], [0, 1, -1, -2, 1, 1]);
  const s = g.op("Reshape", [g.op("MatMul", [proj, cn4]), g.ints("shape_1_8_t", [3], [1, 8, -1])]); // [1,8,T]
  const sMean = movingMean(s, w8, 8);
  const sVar = g.op("Sub", [movingMean(g.op("Mul", [s, s]), w8, 8), g.op("Mul", [sMean, sMean])]);
  const sStd = g.op("Reshape", [
    g.op("Sqrt", [g.op("Max", [sVar, g.floats("eps_v", [], [EPS * EPS])])]),
    g.ints("shape_4_2_t", [3], [4, 2, -1]),
  ]);
  const s42 = g.op("Reshape", [s, g.ints("shape_4_2_t_b", [3], [4, 2, -1])]);
  const pick = (t: string, i: number, tag: string) =>
    g.op("Gather", [t, g.ints(`idx_${tag}_${i}`, [], [i])], { axis: 1 }); // [4,T]
  const alpha = g.op("Div", [pick(sStd, 0, "std"), pick(sStd, 1, "std")]);
  const h = g.op("Add", [pick(s42, 0, "s"), g.op("Mul", [alpha, pick(s42, 1, "s")])]); // [4,T]
  const h3 = g.op("Unsqueeze", [h, g.ints("axis_0", [1], [0])]); // [1,4,T]
  const centred = g.op("Sub", [h3, movingMean(h3, w4, 4)]);
  // POS output falls when blood volume rises (skin absorbs more); flip it so the
  // contract's pulse is positive at systole.
  const gained = g.op("Mul", [centred, g.floats("pulse_gain", [], [-(opts.pulseGain ?? 1)])]);
  g.op("Transpose", [g.op("Squeeze", [gained, g.ints("axis_0b", [1], [0])])], { perm: [1, 0] }, "pulse"); // [T,4]

  // Second extraction from the same normalised colour: PBV, centred like POS. Its sign
  // already follows blood volume (the signature is the absorption direction, and
  // intensity falls as volume rises, so flip it as for POS).
  const withPbv = opts.withPbv ?? true;
  if (withPbv) {
    const pbv = g.op("Unsqueeze", [
      addPbv(g, g.op("Sub", [cn4, g.floats("one_c", [], [1])])),
      g.ints("axis_0c", [1], [0]),
    ]); // [1,4,T]
    const pbvCentred = g.op("Sub", [pbv, movingMean(pbv, w4, 4)]);
    const pbvGained = g.op("Mul", [pbvCentred, g.floats("pbv_gain", [], [-(opts.pulseGain ?? 1)])]);
    g.op("Transpose", [g.op("Squeeze", [pbvGained, g.ints("axis_0d", [1], [0])])], { perm: [1, 0] }, "pulse_pbv"); // [T,4]
  }

  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: "", version: 17 }],
    producerName: "vitals-inference/build-model",
    producerVersion: "1",
    modelVersion: 1,
    docString: "Skin-masked RGB means, POS and PBV pulse per region; see docs/inference.md",
    graph: {
      name: opts.name ?? "pulse_v1",
      node: g.nodes,
      initializer: g.initializers,
      input: [valueInfo("frames", UINT8, ["T", 12, 72, 72]), valueInfo("fps", FLOAT, [1])],
      output: [
        valueInfo("rgb_means", FLOAT, ["T", 4, 3]),
        valueInfo("skin_fraction", FLOAT, ["T", 4]),
        valueInfo("pulse", FLOAT, ["T", 4]),
        ...(withPbv ? [valueInfo("pulse_pbv", FLOAT, ["T", 4])] : []),
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
