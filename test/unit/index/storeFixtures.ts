import type { DocumentWrite } from '../../../src/core/index/store/indexStore';

/** A document write with `n` chunks saying `text i`; vectors of `dimension` when given. */
export function makeWrite(path: string, n: number, text: string, dimension: number | null = null, hash = 'h1'): DocumentWrite {
  return {
    document: { path, kind: 'text', size: 10, mtimeMs: 1000, contentHash: hash, pages: null, warnings: [] },
    chunks: Array.from({ length: n }, (_, i) => ({
      id: `${path}#${i}`,
      ordinal: i,
      path,
      pageStart: null,
      pageEnd: null,
      lineStart: i + 1,
      lineEnd: i + 1,
      heading: null,
      text: `${text} ${i}`,
    })),
    vectors: dimension === null ? null : Array.from({ length: n }, (_, i) => Float32Array.from({ length: dimension }, (_, j) => (j === i % dimension ? 1 : 0))),
  };
}
