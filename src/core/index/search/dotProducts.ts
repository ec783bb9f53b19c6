/**
 * Dot products of one query vector with every row of a matrix, four floats per instruction
 * (WebAssembly SIMD, in Node since 16 and in every VS Code): the in-memory vector list's scan
 * (vectorMatrix.ts) without it took 7.5-12 ms for 13,866 rows of 384 on this machine, a third
 * of a two-part question's search, as such a question scans three times (docs/benchmarks.md).
 *
 * The module is a dozen instructions, written out below as bytes with their names, so no
 * WebAssembly toolchain is needed to build or change it. Its memory holds, in order: the query
 * (`dimension` floats), the scores (one float per row), the matrix (row-major).
 */

/** `scores(matrix, rows, dimension, query, out)`: out[r] = sum over j of matrix[r][j] * query[j]; dimension a multiple of 4. */
const KERNEL = (() => {
  const I32 = 0x7f;
  const V128 = 0x7b;
  const [m, rows, dim, q, out, r, j, p, acc] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const get = (local: number) => [0x20, local];
  const set = (local: number) => [0x21, local];
  const i32 = (value: number) => [0x41, value]; // small non-negative constants: one LEB128 byte
  const [add, mul, shl, geU] = [0x6a, 0x6c, 0x74, 0x4f];
  const block = [0x02, 0x40];
  const loop = [0x03, 0x40];
  const end = 0x0b;
  const br = (depth: number) => [0x0c, depth];
  const brIf = (depth: number) => [0x0d, depth];
  const v128Load = [0xfd, 0x00, 0x02, 0x00]; // memarg: alignment hint 4 bytes, offset 0
  const v128Zero = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
  const f32x4Mul = [0xfd, 0xe6, 0x01];
  const f32x4Add = [0xfd, 0xe4, 0x01];
  const lane = (n: number) => [0xfd, 0x1f, n]; // f32x4.extract_lane
  const f32Add = 0x92;
  const f32Store = [0x38, 0x02, 0x00];
  const times4 = [...i32(2), shl];

  // One line per step of the loop, as in WebAssembly's text format (Prettier would put one byte a line).
  // prettier-ignore
  const body = [
    // locals: r, j, p (i32); acc (v128)
    0x02, 0x03, I32, 0x01, V128,
    ...block, ...loop,
    ...get(r), ...get(rows), geU, ...brIf(1),
    ...v128Zero, ...set(acc),
    ...i32(0), ...set(j),
    // p = m + r * dim * 4: the row's first byte
    ...get(m), ...get(r), ...get(dim), mul, ...times4, add, ...set(p),
    ...block, ...loop,
    ...get(j), ...get(dim), geU, ...brIf(1),
    ...get(acc),
    ...get(p), ...get(j), ...times4, add, ...v128Load,
    ...get(q), ...get(j), ...times4, add, ...v128Load,
    ...f32x4Mul, ...f32x4Add, ...set(acc),
    ...get(j), ...i32(4), add, ...set(j),
    ...br(0), end, end,
    // out[r] = the four lanes summed
    ...get(out), ...get(r), ...times4, add,
    ...get(acc), ...lane(0), ...get(acc), ...lane(1), f32Add, ...get(acc), ...lane(2), f32Add, ...get(acc), ...lane(3), f32Add,
    ...f32Store,
    ...get(r), ...i32(1), add, ...set(r),
    ...br(0), end, end,
    end,
  ];
  const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];
  const name = (text: string) => [text.length, ...Buffer.from(text, 'ascii')];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [0x01, 0x60, 0x05, I32, I32, I32, I32, I32, 0x00]), // type: (i32 x 5) -> ()
    ...section(3, [0x01, 0x00]), // one function of that type
    ...section(5, [0x01, 0x00, 0x01]), // one memory, at least 1 page
    ...section(7, [0x02, ...name('scores'), 0x00, 0x00, ...name('memory'), 0x02, 0x00]),
    ...section(10, [0x01, ...leb(body.length), ...body]),
  ]);
})();

function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

const PAGE = 65_536;

/** A matrix in WebAssembly memory, scored against one query at a time. */
export interface DotProducts {
  /** Where to write the matrix (rows x dimension, row-major) once, before any `scores`. */
  readonly matrix: Float32Array;
  /** The dot product of `query` with each row; valid until the next call. */
  scores(query: Float32Array): Float32Array;
}

/** The few WebAssembly names used here (the project's TypeScript libraries leave the DOM's typings out). */
interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}
type WasmMemory = { buffer: ArrayBuffer; grow(pages: number): number };
const wasm = (globalThis as unknown as { WebAssembly?: Wasm }).WebAssembly;

let compiled: object | null | undefined;

/** Null where WebAssembly SIMD is missing or the dimension is not a multiple of 4: the caller scans in JavaScript. */
export function dotProducts(rows: number, dimension: number): DotProducts | null {
  if (dimension % 4 !== 0 || rows <= 0) return null;
  if (compiled === undefined) {
    try {
      compiled = wasm ? new wasm.Module(KERNEL) : null;
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return null;
  const instance = new wasm!.Instance(compiled);
  const memory = instance.exports.memory as WasmMemory;
  const scoresAt = dimension * 4;
  const matrixAt = scoresAt + rows * 4;
  const bytes = matrixAt + rows * dimension * 4;
  if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
  const kernel = instance.exports.scores as (m: number, rows: number, dim: number, q: number, out: number) => void;
  const query = new Float32Array(memory.buffer, 0, dimension);
  const out = new Float32Array(memory.buffer, scoresAt, rows);
  return {
    matrix: new Float32Array(memory.buffer, matrixAt, rows * dimension),
    scores(vector) {
      query.set(vector);
      kernel(matrixAt, rows, dimension, 0, scoresAt);
      return out;
    },
  };
}
