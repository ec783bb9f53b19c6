/**
 * The `sentence_vectors` table: for each chunk text, the vectors of its sentences (as
 * `sentencesOf` cuts them), embedded by an index run so that the hybrid rerank reads them instead
 * of embedding sentences while the user waits (search/storedSentenceVectors.ts).
 *
 * A row is keyed by the embedder's id and the chunk's text, not by the chunk's id: a document
 * indexed again with the same passages keeps its rows, copies of one passage share one, and
 * vectors of another model can never be read for this one.
 *
 * Vectors are stored as int8 with one scale each (a quarter of float32's size: ~400 bytes a
 * sentence). Cosines against the question's vector move by about 0.001 (sentence-vectors.test.ts),
 * far below the gaps the rerank orders by.
 */
import { createHash } from 'node:crypto';
import { Binary, Field, Int32, Schema, Utf8 } from 'apache-arrow';

export const SENTENCES_TABLE = 'sentence_vectors';

export function sentenceVectorsSchema(): Schema {
  return new Schema([
    new Field('key', new Utf8(), false),
    /** Number of sentences (vectors) in `vectors`. */
    new Field('count', new Int32(), false),
    /** `count` float32 scales, then `count` x dimension int8 values (packSentenceVectors). */
    new Field('vectors', new Binary(), false),
  ]);
}

export type SentenceVectorRow = { key: string; count: number; vectors: Uint8Array };

/** The row key of a chunk text's sentence vectors under one embedder. */
export function sentenceVectorKey(embeddingModel: string, chunkText: string): string {
  return createHash('sha1').update(embeddingModel).update('\n').update(chunkText).digest('base64url');
}

/** Each vector as int8 values with one scale (its largest magnitude / 127). */
export function packSentenceVectors(vectors: ArrayLike<number>[]): Uint8Array {
  const dimension = vectors[0]?.length ?? 0;
  const bytes = new Uint8Array(vectors.length * (4 + dimension));
  const scales = new Float32Array(bytes.buffer, 0, vectors.length);
  const values = new Int8Array(bytes.buffer, vectors.length * 4);
  vectors.forEach((vector, v) => {
    let max = 0;
    for (let i = 0; i < dimension; i++) max = Math.max(max, Math.abs(vector[i]!));
    const scale = max > 0 ? max / 127 : 1;
    scales[v] = scale;
    for (let i = 0; i < dimension; i++) values[v * dimension + i] = Math.round(vector[i]! / scale);
  });
  return bytes;
}

/** The vectors of one row; null when its bytes do not hold `count` vectors of `dimension`. */
export function unpackSentenceVectors(bytes: Uint8Array, count: number, dimension: number): Float32Array[] | null {
  if (count < 0 || bytes.byteLength !== count * (4 + dimension)) return null;
  // Arrow hands out views into its batch buffers, which need not be 4-byte aligned for the scales.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const scales = new Float32Array(own.buffer, own.byteOffset, count);
  const values = new Int8Array(own.buffer, own.byteOffset + count * 4, count * dimension);
  return Array.from({ length: count }, (_, v) => {
    const vector = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) vector[i] = values[v * dimension + i]! * scales[v]!;
    return vector;
  });
}
