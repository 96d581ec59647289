// PBV (de Haan & van Leest 2014): the projection w = Q^-1 * pbv that keeps the known
// blood-volume colour signature and minimises everything else. Unlike POS it adapts to
// the noise at hand: with little motion it behaves like a weighted green channel (best
// against sensor noise), with strong motion it nulls the motion direction.
// ONNX opset 17 has no matrix inverse, so the 3x3 solve is Cramer's rule in elementwise ops.
import { PBV_LOADING as LOADING, PBV_SIGNATURE } from "../src/dsp/pbv.js";
import type { GraphBuilder } from "./onnx-helpers.js";

/** `centred`: [4,3,T] normalised colour minus 1. Returns a [4,T] tensor name. */
export function addPbv(g: GraphBuilder, centred: string): string {
  const q = g.op("MatMul", [centred, g.op("Transpose", [centred], { perm: [0, 2, 1] })]); // [4,3,3]
  // Scale-free: divide by the mean diagonal, then load the diagonal.
  const eye = g.floats("pbv_eye", [3, 3], [1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const trace = g.op("ReduceSum", [g.op("Mul", [q, eye]), g.ints("pbv_axes_12", [2], [1, 2])], { keepdims: 1 }); // [4,1,1]
  const scale = g.op("Add", [g.op("Div", [trace, g.floats("pbv_three", [], [3])]), g.floats("pbv_tiny", [], [1e-20])]);
  const qn = g.op("Add", [g.op("Div", [q, scale]), g.op("Mul", [eye, g.floats("pbv_loading", [], [LOADING])])]);

  const entry = (i: number, j: number) => {
    const row = g.op("Gather", [qn, g.ints(`pbv_i${i}${j}`, [], [i])], { axis: 1 }); // [4,3]
    return g.op("Gather", [row, g.ints(`pbv_j${i}${j}`, [], [j])], { axis: 1 }); // [4]
  };
  const m = [0, 1, 2].map((i) => [0, 1, 2].map((j) => entry(i, j)));
  const p = PBV_SIGNATURE.map((v, i) => g.floats(`pbv_sig_${i}`, [], [v]));
  const mul = (a: string, b: string) => g.op("Mul", [a, b]);
  const sub = (a: string, b: string) => g.op("Sub", [a, b]);
  const add = (a: string, b: string) => g.op("Add", [a, b]);
  const det = (k: string[][]) =>
    add(
      sub(
        mul(k[0][0], sub(mul(k[1][1], k[2][2]), mul(k[1][2], k[2][1]))),
        mul(k[0][1], sub(mul(k[1][0], k[2][2]), mul(k[1][2], k[2][0]))),
      ),
      mul(k[0][2], sub(mul(k[1][0], k[2][1]), mul(k[1][1], k[2][0]))),
    );
  const d = det(m);
  // w_i = det(Q with column i replaced by the signature) / det(Q)
  const weights = [0, 1, 2].map((i) =>
    g.op("Div", [det(m.map((row, r) => row.map((v, c) => (c === i ? p[r] : v)))), d]),
  );
  const axis1 = g.ints("pbv_axis_1", [1], [1]);
  const w = g.op(
    "Concat",
    weights.map((x) => g.op("Unsqueeze", [x, axis1])),
    { axis: 1 },
  ); // [4,3]
  const w3 = g.op("Unsqueeze", [w, g.ints("pbv_axis_1b", [1], [1])]); // [4,1,3]
  return g.op("Squeeze", [g.op("MatMul", [w3, centred]), axis1]); // [4,T]
}
