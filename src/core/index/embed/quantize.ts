/**
 * Dynamic int8 quantisation of an ONNX model, done here rather than with onnxruntime's Python
 * tool (not available to users): every MatMul / Gemm whose B input is a 2-D float initializer
 * becomes com.microsoft DynamicQuantizeMatMul (A float, B int8, b_scale float, [b_zero_point],
 * [bias]), which quantises A to uint8 per call and runs MLAS's u8s8 integer GEMM (VNNI/AMX where
 * the CPU has them). Weights are symmetric per column (b_scale is 1-D of B's column count, which
 * the op accepts; no zero point, so it defaults to 0). Everything else stays fp32 and every
 * untouched byte of the model is kept (see onnxProto.ts).
 *
 * ONNX field numbers are from onnx/onnx.proto (ModelProto, GraphProto, NodeProto, TensorProto...).
 */
import {
  firstField,
  floatValue,
  lenField,
  messageField,
  readFields,
  repeatedVarints,
  stringField,
  stringValue,
  varintField,
  varintValue,
  writeFields,
  WIRE_LEN,
  type ProtoField,
} from './onnxProto';

const MODEL = { opsetImport: 8, graph: 7 } as const;
const OPSET = { domain: 1, version: 2 } as const;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12 } as const;
const NODE = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, domain: 7 } as const;
const ATTRIBUTE = { name: 1, f: 2, i: 3 } as const;
const VALUE_INFO = { name: 1 } as const;
const TENSOR = { dims: 1, dataType: 2, floatData: 4, name: 8, rawData: 9, dataLocation: 14 } as const;
const DATA_TYPE = { float: 1, int8: 3 } as const;
const MS_DOMAIN = 'com.microsoft';

/**
 * Weight range. ±127 (full int8) where MLAS's u8s8 kernels add products in 32 bits: x86 with VNNI
 * (vpdpbusd; AMX too) and ARM64 (dot-product instructions). On x86 without VNNI the AVX2 kernel
 * adds pairs of u8*s8 products in int16 (vpmaddubsw), which full-range weights can saturate
 * (2*255*127 > 32767): there ±63 (7 bits), as onnxruntime's `reduce_range` does for those CPUs
 * (2*255*63 < 32767). 7 bits cost retrieval quality (docs/benchmarks.md), so they are used only where needed.
 */
export const WEIGHT_QMAX_FULL = 127;
export const WEIGHT_QMAX_REDUCED = 63;
/** Bump when the output changes: it is part of the cache key (localQuantCache.ts). */
export const QUANTIZER_VERSION = 2;

export interface QuantizeResult {
  model: Uint8Array;
  /** MatMul/Gemm nodes replaced. */
  quantizedNodes: number;
  /** Weight tensors converted to int8. */
  quantizedWeights: number;
}

/** The model cannot be quantised (not an ONNX model, weights in external files, nothing to quantise). */
export class QuantizeError extends Error {
  readonly code = 'quantize-failed';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QuantizeError';
  }
}

interface FloatWeight {
  name: string;
  dims: number[];
  values: Float32Array;
}

/** Reads an initializer as a float tensor; null when it is not one we can quantise. */
function floatWeight(fields: ProtoField[]): FloatWeight | null {
  const dataType = firstField(fields, TENSOR.dataType);
  const location = firstField(fields, TENSOR.dataLocation);
  if (!dataType || varintValue(dataType) !== DATA_TYPE.float || (location && varintValue(location) !== 0)) return null;
  const dims = repeatedVarints(fields, TENSOR.dims);
  if (dims.length !== 2) return null;
  const count = dims[0]! * dims[1]!;
  const raw = firstField(fields, TENSOR.rawData) ?? fields.find((f) => f.no === TENSOR.floatData && f.wire === WIRE_LEN);
  if (!raw || raw.payload.length !== count * 4) return null;
  // Copied: the payload view may not be 4-byte aligned.
  const values = new Float32Array(count);
  new Uint8Array(values.buffer).set(raw.payload);
  return { name: stringOf(fields, TENSOR.name), dims, values };
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * Symmetric per-column quantisation of a [K, N] row-major matrix (transposed first when the
 * matrix is stored [N, K], e.g. Gemm with transB=1).
 */
export function quantizeColumns(values: Float32Array, rows: number, cols: number, qmax: number, transposed = false): { q: Int8Array; scales: Float32Array } {
  const k = transposed ? cols : rows;
  const n = transposed ? rows : cols;
  const at = (r: number, c: number) => (transposed ? values[c * cols + r]! : values[r * cols + c]!);
  const scales = new Float32Array(n);
  const q = new Int8Array(k * n);
  for (let c = 0; c < n; c++) {
    let maxAbs = 0;
    for (let r = 0; r < k; r++) maxAbs = Math.max(maxAbs, Math.abs(at(r, c)));
    const scale = maxAbs === 0 ? 1 : maxAbs / qmax;
    scales[c] = scale;
    for (let r = 0; r < k; r++) q[r * n + c] = Math.max(-qmax, Math.min(qmax, roundHalfEven(at(r, c) / scale)));
  }
  return { q, scales };
}

function tensorField(name: string, dims: number[], dataType: number, data: ArrayBufferView): ProtoField {
  return messageField(GRAPH.initializer, [
    ...dims.map((d) => varintField(TENSOR.dims, d)),
    varintField(TENSOR.dataType, dataType),
    stringField(TENSOR.name, name),
    lenField(TENSOR.rawData, new Uint8Array(data.buffer, data.byteOffset, data.byteLength)),
  ]);
}

interface Node {
  field: ProtoField;
  fields: ProtoField[];
  opType: string;
  domain: string;
  inputs: string[];
}

/** A string field's value, '' when absent (proto2 default). */
function stringOf(fields: ProtoField[], no: number): string {
  const field = firstField(fields, no);
  return field ? stringValue(field) : '';
}

function readNode(field: ProtoField): Node {
  const fields = readFields(field.payload);
  return {
    field,
    fields,
    opType: stringOf(fields, NODE.opType),
    domain: stringOf(fields, NODE.domain),
    inputs: fields.filter((f) => f.no === NODE.input).map(stringValue),
  };
}

/** Gemm attributes; null when the Gemm is not a plain A*B(+C) we can express as DynamicQuantizeMatMul. */
function gemmTransB(node: Node): boolean | null {
  let transB = false;
  for (const attribute of node.fields.filter((f) => f.no === NODE.attribute)) {
    const fields = readFields(attribute.payload);
    const name = stringOf(fields, ATTRIBUTE.name);
    const i = firstField(fields, ATTRIBUTE.i);
    const f = firstField(fields, ATTRIBUTE.f);
    if (name === 'transA' && i && varintValue(i) !== 0) return null;
    if ((name === 'alpha' || name === 'beta') && f && floatValue(f) !== 1) return null;
    if (name === 'transB' && i) transB = varintValue(i) !== 0;
  }
  return transB;
}

export interface QuantizeOptions {
  /**
   * Leave down-projections (weights with more rows than columns: a transformer's feed-forward
   * output, 1536 -> 384 in MiniLM) in fp32. Their input is the GELU output, whose few large
   * values make one uint8 scale per call coarse for all the rest: measured the largest error of
   * the model's MatMuls (docs/benchmarks.md, "Precision").
   */
  keepDownProjections?: boolean;
}

/**
 * Quantises the model's MatMul/Gemm weights to ±`weightQmax` (WEIGHT_QMAX_FULL or _REDUCED);
 * throws QuantizeError when there is nothing to quantise.
 */
export function quantizeModel(source: Uint8Array, weightQmax: number, options: QuantizeOptions = {}): QuantizeResult {
  let modelFields: ProtoField[];
  let graphFields: ProtoField[];
  try {
    modelFields = readFields(source);
    const graph = firstField(modelFields, MODEL.graph);
    if (!graph) throw new QuantizeError('no graph in the model file');
    graphFields = readFields(graph.payload);
  } catch (error) {
    if (error instanceof QuantizeError) throw error;
    throw new QuantizeError(`not a readable ONNX model (${(error as Error).message})`, { cause: error });
  }

  const initializers = new Map<string, { field: ProtoField; fields: ProtoField[] }>();
  for (const field of graphFields.filter((f) => f.no === GRAPH.initializer)) {
    const fields = readFields(field.payload);
    const name = firstField(fields, TENSOR.name);
    if (name) initializers.set(stringValue(name), { field, fields });
  }
  const graphNames = new Set(
    graphFields.filter((f) => f.no === GRAPH.input || f.no === GRAPH.output).map((f) => stringOf(readFields(f.payload), VALUE_INFO.name)),
  );
  const nodes = graphFields.filter((f) => f.no === GRAPH.node).map(readNode);
  const uses = new Map<string, number>();
  for (const node of nodes) for (const input of node.inputs) uses.set(input, (uses.get(input) ?? 0) + 1);
  const taken = new Set([...initializers.keys(), ...nodes.flatMap((n) => n.inputs)]);
  const freshName = (base: string) => {
    let name = base;
    for (let i = 1; taken.has(name); i++) name = `${base}_${i}`;
    taken.add(name);
    return name;
  };

  const replacements = new Map<ProtoField, ProtoField>();
  const quantized = new Map<string, { q: string; scale: string }>(); // key: weight name + layout
  const added: ProtoField[] = [];
  for (const node of nodes) {
    if (node.domain !== '' && node.domain !== 'ai.onnx') continue;
    const isGemm = node.opType === 'Gemm';
    if (node.opType !== 'MatMul' && !isGemm) continue;
    const weightName = node.inputs[1];
    const init = weightName === undefined ? undefined : initializers.get(weightName);
    if (!init || graphNames.has(weightName!)) continue;
    const transB = isGemm ? gemmTransB(node) : false;
    if (transB === null) continue;
    const bias = isGemm ? node.inputs[2] : undefined;
    const weight = floatWeight(init.fields);
    if (!weight) continue;
    const columns = transB ? weight.dims[0]! : weight.dims[1]!;
    const rows = transB ? weight.dims[1]! : weight.dims[0]!;
    if (options.keepDownProjections && rows > columns) continue;
    if (bias) {
      // DynamicQuantizeMatMul's bias is 1-D of B's column count; anything else stays a Gemm.
      const biasInit = initializers.get(bias);
      const biasDims = biasInit ? repeatedVarints(biasInit.fields, TENSOR.dims) : [];
      if (biasDims.length !== 1 || biasDims[0] !== columns) continue;
    }
    const key = `${weight.name}\n${transB}`;
    let names = quantized.get(key);
    if (!names) {
      const { q, scales } = quantizeColumns(weight.values, weight.dims[0]!, weight.dims[1]!, weightQmax, transB);
      names = { q: freshName(`${weight.name}_quantized`), scale: freshName(`${weight.name}_scale`) };
      const k = transB ? weight.dims[1]! : weight.dims[0]!;
      added.push(tensorField(names.q, [k, columns], DATA_TYPE.int8, q), tensorField(names.scale, [columns], DATA_TYPE.float, scales));
      quantized.set(key, names);
    }
    uses.set(weight.name, uses.get(weight.name)! - 1);
    const inputs = [node.inputs[0]!, names.q, names.scale, ...(bias ? ['', bias] : [])];
    replacements.set(
      node.field,
      messageField(GRAPH.node, [
        ...inputs.map((name) => stringField(NODE.input, name)),
        ...node.fields.filter((f) => f.no === NODE.output || f.no === NODE.name),
        stringField(NODE.opType, 'DynamicQuantizeMatMul'),
        stringField(NODE.domain, MS_DOMAIN),
      ]),
    );
  }
  if (replacements.size === 0) throw new QuantizeError('no MatMul or Gemm with a 2-D float weight to quantise');

  // Float weights nothing reads any more are dropped; the int8 copies go where the initializers are.
  const dropped = new Set([...initializers.values()].filter(({ fields }) => uses.get(stringOf(fields, TENSOR.name)) === 0).map((i) => i.field));
  const lastInitializer = graphFields.findLastIndex((f) => f.no === GRAPH.initializer);
  const newGraph: ProtoField[] = [];
  graphFields.forEach((field, index) => {
    if (!dropped.has(field)) newGraph.push(replacements.get(field) ?? field);
    if (index === lastInitializer) newGraph.push(...added);
  });
  if (lastInitializer < 0) newGraph.push(...added);

  const hasMsOpset = modelFields.some((f) => f.no === MODEL.opsetImport && stringOf(readFields(f.payload), OPSET.domain) === MS_DOMAIN);
  const lastOpset = modelFields.findLastIndex((f) => f.no === MODEL.opsetImport);
  const newModel: ProtoField[] = [];
  modelFields.forEach((field, index) => {
    newModel.push(field.no === MODEL.graph ? messageField(MODEL.graph, newGraph) : field);
    if (index === lastOpset && !hasMsOpset)
      newModel.push(messageField(MODEL.opsetImport, [stringField(OPSET.domain, MS_DOMAIN), varintField(OPSET.version, 1)]));
  });
  return { model: writeFields(newModel), quantizedNodes: replacements.size, quantizedWeights: quantized.size };
}
