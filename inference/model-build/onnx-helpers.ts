// Small helpers over onnx-proto so the graph file reads like the maths it does.
import pkg from "onnx-proto";
const { onnx } = pkg;
export { onnx };

export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;
export const UINT8 = onnx.TensorProto.DataType.UINT8;

type AttrValue = number | string | number[] | { tensor: pkg.onnx.ITensorProto };

function attribute(name: string, value: AttrValue): pkg.onnx.IAttributeProto {
  const A = onnx.AttributeProto.AttributeType;
  if (typeof value === "string") return { name, type: A.STRING, s: new TextEncoder().encode(value) };
  if (Array.isArray(value)) return { name, type: A.INTS, ints: value };
  if (typeof value === "number") {
    return Number.isInteger(value) ? { name, type: A.INT, i: value } : { name, type: A.FLOAT, f: value };
  }
  return { name, type: A.TENSOR, t: value.tensor };
}

/** Collects nodes and initializers; names are generated so the output is deterministic. */
export class GraphBuilder {
  readonly nodes: pkg.onnx.INodeProto[] = [];
  readonly initializers: pkg.onnx.ITensorProto[] = [];
  private counter = 0;

  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, output?: string): string {
    const out = output ?? `${opType.toLowerCase()}_${this.counter++}`;
    this.nodes.push({
      opType,
      input: inputs,
      output: [out],
      name: `${opType}_${this.nodes.length}`,
      attribute: Object.entries(attrs).map(([k, v]) => attribute(k, v)),
    });
    return out;
  }

  floats(name: string, dims: number[], values: number[]): string {
    this.initializers.push({ name, dims, dataType: FLOAT, floatData: values });
    return name;
  }

  bytes(name: string, dims: number[], values: Uint8Array): string {
    this.initializers.push({ name, dims, dataType: UINT8, rawData: values });
    return name;
  }

  ints(name: string, dims: number[], values: number[]): string {
    this.initializers.push({ name, dims, dataType: INT64, int64Data: values });
    return name;
  }
}

export function valueInfo(name: string, elemType: number, dims: (number | string)[]): pkg.onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === "number" ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}
