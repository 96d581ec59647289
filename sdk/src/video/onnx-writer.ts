// The few ONNX protobuf messages a converted graph needs (onnx.proto: ModelProto, GraphProto,
// NodeProto, AttributeProto, TensorProto, ValueInfoProto), written by hand: a protobuf encoder
// of a hundred lines instead of a schema compiler and its runtime.

const enc = new TextEncoder();

/** Protobuf wire writer: fields appended in order, nested messages as byte arrays. */
class Message {
  readonly #parts: Uint8Array[] = [];

  #varint(n: number | bigint) {
    let v = BigInt.asUintN(64, BigInt(n));
    const out: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v) byte |= 0x80;
      out.push(byte);
    } while (v);
    this.#parts.push(Uint8Array.from(out));
  }

  int(field: number, n: number | bigint): this {
    this.#varint(field << 3);
    this.#varint(n);
    return this;
  }

  float(field: number, f: number): this {
    this.#varint((field << 3) | 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, f, true);
    this.#parts.push(b);
    return this;
  }

  bytes(field: number, data: Uint8Array | string | Message): this {
    const b = data instanceof Message ? data.encode() : typeof data === "string" ? enc.encode(data) : data;
    this.#varint((field << 3) | 2);
    this.#varint(b.length);
    this.#parts.push(b);
    return this;
  }

  encode(): Uint8Array {
    const out = new Uint8Array(this.#parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.#parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

export type Attribute = number | string | number[] | { float: number };
export type OnnxNode = { op: string; inputs: string[]; outputs: string[]; attributes?: Record<string, Attribute> };
export type Initializer = { name: string; dims: number[]; data: Float32Array | BigInt64Array };
export type GraphSpec = {
  nodes: OnnxNode[];
  initializers: Initializer[];
  input: { name: string; dims: number[] };
  outputs: string[];
};

// onnx.proto enums: TensorProto.DataType and AttributeProto.AttributeType.
const FLOAT = 1,
  INT64 = 7;
const ATTR = { FLOAT: 1, INT: 2, STRING: 3, INTS: 7 } as const;

function attribute(name: string, value: Attribute): Message {
  const m = new Message().bytes(1, name);
  if (typeof value === "number") return m.int(3, value).int(20, ATTR.INT);
  if (typeof value === "string") return m.bytes(4, value).int(20, ATTR.STRING);
  if (Array.isArray(value)) {
    for (const v of value) m.int(8, v);
    return m.int(20, ATTR.INTS);
  }
  return m.float(2, value.float).int(20, ATTR.FLOAT);
}

function tensor(init: Initializer): Message {
  const m = new Message();
  for (const d of init.dims) m.int(1, d);
  m.int(2, init.data instanceof Float32Array ? FLOAT : INT64).bytes(8, init.name);
  return m.bytes(9, new Uint8Array(init.data.buffer, init.data.byteOffset, init.data.byteLength));
}

function valueInfo(name: string, dims?: number[]): Message {
  const shape = new Message();
  for (const d of dims ?? []) shape.bytes(1, new Message().int(1, d));
  const tensorType = new Message().int(1, FLOAT);
  if (dims) tensorType.bytes(2, shape);
  return new Message().bytes(1, name).bytes(2, new Message().bytes(1, tensorType));
}

/** A model of one graph at opset 13, as the bytes onnxruntime loads. */
export function onnxModel(graph: GraphSpec): Uint8Array {
  const g = new Message();
  for (const [i, n] of graph.nodes.entries()) {
    const node = new Message();
    for (const input of n.inputs) node.bytes(1, input);
    for (const output of n.outputs) node.bytes(2, output);
    node.bytes(3, `n${i}`).bytes(4, n.op);
    for (const [name, value] of Object.entries(n.attributes ?? {})) node.bytes(5, attribute(name, value));
    g.bytes(1, node);
  }
  g.bytes(2, "graph");
  for (const init of graph.initializers) g.bytes(5, tensor(init));
  g.bytes(11, valueInfo(graph.input.name, graph.input.dims));
  for (const out of graph.outputs) g.bytes(12, valueInfo(out));
  return new Message()
    .int(1, 8) // ir_version
    .bytes(2, "vitals-sdk")
    .bytes(7, g)
    .bytes(8, new Message().bytes(1, "").int(2, 13))
    .encode();
}
