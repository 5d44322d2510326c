import { encodeModel, FLOAT, INT64, type OnnxGraph, type OnnxNode, type OnnxTensor } from './onnxProto.js';

/**
 * Rewrites a TensorFlow.js graph model (model.json + weights) as an ONNX model in memory, so the
 * engine runs it on onnxruntime-node, several times faster on the CPU than TensorFlow.js's
 * WebAssembly backend and without a second runtime. Only the operations of the models the engine
 * loads are known; any other throws. Tensors keep TensorFlow's NHWC layout: each convolution and
 * pooling is wrapped in transposes to ONNX's NCHW, which onnxruntime's optimiser then cancels.
 */

interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<
    string,
    {
      i?: string;
      f?: number;
      b?: boolean;
      s?: string;
      list?: { i?: string[]; s?: string[] };
      shape?: { dim?: { size: string }[] };
    }
  >;
}

export interface TfjsModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: { weights: TfWeightSpec[] }[];
}

interface TfWeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: { dtype: 'float16' | 'uint8' | 'uint16'; scale?: number; min?: number };
}

interface Constant {
  shape: number[];
  data: Float32Array | Int32Array;
}

function halfToFloat(h: number): number {
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

let halfFloats: Float32Array | null = null;

/** Every float16 bit pattern as a float32: one lookup per weight instead of a power. */
function halfTable(): Float32Array {
  if (!halfFloats) {
    halfFloats = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfFloats[h] = halfToFloat(h);
  }
  return halfFloats;
}

/** The weights file as named constants, dequantized to float32. */
function readWeights(json: TfjsModelJson, weights: Uint8Array): Map<string, Constant> {
  const view = new DataView(weights.buffer, weights.byteOffset, weights.byteLength);
  const constants = new Map<string, Constant>();
  const halves = halfTable();
  let at = 0;
  for (const spec of json.weightsManifest.flatMap((group) => group.weights)) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const data = spec.dtype === 'int32' ? new Int32Array(count) : new Float32Array(count);
    const q = spec.quantization;
    const read: (i: number) => number = !q
      ? spec.dtype === 'int32'
        ? (i) => view.getInt32(at + 4 * i, true)
        : (i) => view.getFloat32(at + 4 * i, true)
      : q.dtype === 'float16'
        ? (i) => halves[view.getUint16(at + 2 * i, true)]!
        : q.dtype === 'uint8'
          ? (i) => view.getUint8(at + i) * q.scale! + q.min!
          : (i) => view.getUint16(at + 2 * i, true) * q.scale! + q.min!;
    for (let i = 0; i < count; i++) data[i] = read(i);
    at += count * (q ? (q.dtype === 'uint8' ? 1 : 2) : 4);
    constants.set(spec.name, { shape: spec.shape, data });
  }
  return constants;
}

const tensorName = (ref: string): string => (ref.endsWith(':0') ? ref.slice(0, -2) : ref);
const ints = (node: TfNode, key: string): number[] => (node.attr?.[key]?.list?.i ?? []).map(Number);
const text = (node: TfNode, key: string): string => Buffer.from(node.attr?.[key]?.s ?? '', 'base64').toString();

/** Evaluates the integer bookkeeping ops whose inputs are all constants (reshape targets). */
function fold(node: TfNode, args: Constant[]): Constant | null {
  if (node.op === 'SparseToDense') {
    const [indices, outShape, values, fallback] = args as [Constant, Constant, Constant, Constant];
    const size = Array.from(outShape.data).reduce((a, b) => a * b, 1);
    const data = new Int32Array(size).fill(fallback.data[0] ?? 0);
    indices.data.forEach((index, i) => (data[index] = values.data.length === 1 ? values.data[0]! : values.data[i]!));
    return { shape: Array.from(outShape.data), data };
  }
  if ((node.op === 'AddV2' || node.op === 'Add') && args[0]!.data.length === args[1]!.data.length) {
    const data = args[0]!.data.map((v, i) => v + args[1]!.data[i]!);
    return { shape: args[0]!.shape, data };
  }
  return null;
}

class Builder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxTensor[] = [];
  private readonly emitted = new Set<string>();
  private serial = 0;

  constructor(private readonly constants: Map<string, Constant>) {}

  constant(ref: string): Constant {
    const value = this.constants.get(tensorName(ref));
    if (!value) throw new Error(`tfjsToOnnx: ${ref} is not a constant`);
    return value;
  }

  isConstant(ref: string): boolean {
    return this.constants.has(tensorName(ref));
  }

  /** A constant as an initializer: float data stays float, integer data becomes int64 (ONNX's index type). */
  tensor(ref: string, value = this.constant(ref), dims = value.shape): string {
    const name = `${tensorName(ref)}__${value.data instanceof Float32Array ? 'f' : 'i'}${dims.join('x')}`;
    if (this.emitted.has(name)) return name;
    this.emitted.add(name);
    const raw =
      value.data instanceof Float32Array
        ? new Uint8Array(value.data.buffer.slice(value.data.byteOffset, value.data.byteOffset + value.data.byteLength))
        : new Uint8Array(BigInt64Array.from(Array.from(value.data), (v) => BigInt(v)).buffer);
    this.initializers.push({ name, dims, dataType: value.data instanceof Float32Array ? FLOAT : INT64, raw });
    return name;
  }

  input(ref: string): string {
    return this.isConstant(ref) ? this.tensor(ref) : tensorName(ref);
  }

  add(op: string, inputs: string[], attributes?: OnnxNode['attributes'], outputs = [`t${this.serial++}`]): string {
    this.nodes.push({ op, inputs, outputs, ...(attributes ? { attributes } : {}) });
    return outputs[0]!;
  }

  /** An NCHW operation applied to an NHWC tensor. */
  nchw(x: string, out: string, apply: (nchw: string) => string): void {
    const result = apply(this.add('Transpose', [x], { perm: [0, 3, 1, 2] }));
    this.add('Transpose', [result], { perm: [0, 2, 3, 1] }, [out]);
  }
}

/** HWIO (or depthwise H, W, C, multiplier) filters as OIHW. */
function oihw(filter: Constant, depthwise: boolean): Constant {
  const [h, w, i, o] = filter.shape as [number, number, number, number];
  const out = depthwise ? i * o : o;
  const inner = depthwise ? 1 : i;
  const data = new Float32Array(filter.data.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < i; c++)
        for (let k = 0; k < o; k++) {
          const [oc, ic] = depthwise ? [c * o + k, 0] : [k, c];
          data[((oc * inner + ic) * h + y) * w + x] = filter.data[((y * w + x) * i + c) * o + k]!;
        }
  return { shape: [out, inner, h, w], data };
}

function windowAttributes(node: TfNode, kernel?: number[]): Record<string, number[] | string> {
  const strides = ints(node, 'strides');
  const padding = text(node, 'padding');
  return {
    ...(kernel ? { kernel_shape: kernel } : {}),
    strides: [strides[1]!, strides[2]!],
    ...(padding === 'SAME' ? { auto_pad: 'SAME_UPPER' } : { pads: [0, 0, 0, 0] }),
  };
}

function convert(b: Builder, node: TfNode, inputs: string[]): void {
  const out = node.name;
  const [x] = inputs as [string];
  switch (node.op) {
    case 'Identity':
    case 'Sigmoid':
    case 'Relu':
      b.add(node.op, [b.input(x)], undefined, [out]);
      return;
    case 'Add':
    case 'AddV2':
    case 'Mul':
    case 'Sub':
      b.add(
        node.op === 'AddV2' ? 'Add' : node.op,
        inputs.map((ref) => b.input(ref)),
        undefined,
        [out],
      );
      return;
    case 'LeakyRelu':
      b.add('LeakyRelu', [b.input(x)], { alpha: { f: node.attr?.alpha?.f ?? 0.2 } }, [out]);
      return;
    case 'Transpose':
      b.add('Transpose', [b.input(x)], { perm: Array.from(b.constant(inputs[1]!).data) }, [out]);
      return;
    case 'Reshape':
      b.add('Reshape', [b.input(x), b.tensor(inputs[1]!)], undefined, [out]);
      return;
    case 'Pad':
    case 'PadV2': {
      const pairs = Array.from(b.constant(inputs[1]!).data);
      const pads = {
        shape: [pairs.length],
        data: Int32Array.from([...pairs.filter((_, i) => i % 2 === 0), ...pairs.filter((_, i) => i % 2 === 1)]),
      };
      const value = node.op === 'PadV2' ? [b.tensor(inputs[2]!, b.constant(inputs[2]!), [])] : [];
      b.add('Pad', [b.input(x), b.tensor(`${inputs[1]}_onnx`, pads), ...value], undefined, [out]);
      return;
    }
    case 'ConcatV2': {
      const axisRef = inputs[inputs.length - 1]!;
      b.add(
        'Concat',
        inputs.slice(0, -1).map((ref) => b.input(ref)),
        { axis: b.constant(axisRef).data[0]! },
        [out],
      );
      return;
    }
    case 'SplitV': {
      const count = Number(node.attr?.num_split?.i ?? 1);
      const outputs = Array.from({ length: count }, (_, i) => (i === 0 ? out : `${out}:${i}`));
      b.add('Split', [b.input(x), b.tensor(inputs[1]!)], { axis: b.constant(inputs[2]!).data[0]! }, outputs);
      return;
    }
    case 'ResizeBilinear': {
      const mode = node.attr?.align_corners?.b
        ? 'align_corners'
        : node.attr?.half_pixel_centers?.b
          ? 'half_pixel'
          : 'asymmetric';
      // Full NHWC sizes, not Resize's `axes`: onnxruntime's transpose optimiser mishandles `axes`.
      const input = b.input(x);
      const sizes = b.add(
        'Concat',
        [b.add('Shape', [input], { end: 1 }), b.tensor(inputs[1]!), b.add('Shape', [input], { start: 3 })],
        { axis: 0 },
      );
      b.add('Resize', [input, '', '', sizes], { mode: 'linear', coordinate_transformation_mode: mode }, [out]);
      return;
    }
    case 'Conv2D':
    case 'DepthwiseConv2dNative': {
      const depthwise = node.op === 'DepthwiseConv2dNative';
      const filter = b.constant(inputs[1]!);
      const weights = b.tensor(`${inputs[1]}_oihw`, oihw(filter, depthwise));
      const dilations = ints(node, 'dilations');
      const group = depthwise ? filter.shape[2]! : 1;
      b.nchw(b.input(x), out, (t) =>
        b.add('Conv', [t, weights], {
          ...windowAttributes(node),
          dilations: [dilations[1] ?? 1, dilations[2] ?? 1],
          group,
        }),
      );
      return;
    }
    case 'MaxPool': {
      const size = ints(node, 'ksize');
      b.nchw(b.input(x), out, (t) => b.add('MaxPool', [t], windowAttributes(node, [size[1]!, size[2]!])));
      return;
    }
    default:
      throw new Error(`tfjsToOnnx: the ${node.op} operation (${node.name}) is not supported`);
  }
}

/** The ONNX model computing `outputs` (TensorFlow node names) from the graph's placeholder, fed NHWC or as the graph declares. */
export function tfjsToOnnx(json: TfjsModelJson, weights: Uint8Array, outputs: string[]): Uint8Array {
  const constants = readWeights(json, weights);
  const byName = new Map(json.modelTopology.node.map((node) => [node.name, node]));
  const b = new Builder(constants);
  const graphInputs: OnnxGraph['inputs'] = [];
  const done = new Set<string>();

  const visit = (name: string): void => {
    if (done.has(name) || constants.has(name)) return;
    done.add(name);
    const node = byName.get(name);
    if (!node) throw new Error(`tfjsToOnnx: no node ${name}`);
    const inputs = (node.input ?? []).filter((ref) => !ref.startsWith('^'));
    inputs.forEach((ref) => visit(ref.split(':')[0]!));
    if (node.op === 'Placeholder') {
      graphInputs.push({ name, dims: (node.attr?.shape?.shape?.dim ?? []).map((d) => Number(d.size)) });
      return;
    }
    if (inputs.length > 0 && inputs.every((ref) => constants.has(tensorName(ref)))) {
      const folded = fold(
        node,
        inputs.map((ref) => b.constant(ref)),
      );
      if (folded) {
        constants.set(name, folded);
        return;
      }
    }
    convert(b, node, inputs);
  };
  outputs.forEach(visit);
  return encodeModel(
    { nodes: b.nodes, initializers: b.initializers, inputs: graphInputs, outputs },
    'flipstage-tfjs-to-onnx',
  );
}
