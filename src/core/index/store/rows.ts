/** Conversions between our shapes and stored rows (snake_case columns, see ./schema.ts). */
import type { Chunk, DocumentKind } from '../types';
import type { ChunkRow, DocumentRow } from './schema';
import type { DocumentWrite, StoredDocument } from './indexStore';

/** `withOcrColumn`: the table has `ocr_confidence` (an index made before OCR does not). */
export function chunkRows(write: DocumentWrite, embeddingModel: string, withOcrColumn = false): ChunkRow[] {
  const { chunks, vectors } = write;
  if (vectors && vectors.length !== chunks.length) {
    throw new RangeError(`${write.document.path}: ${chunks.length} chunks but ${vectors.length} vectors`);
  }
  return chunks.map((chunk: Chunk, i) => {
    const row: ChunkRow = {
      id: chunk.id,
      path: write.document.path,
      ordinal: chunk.ordinal,
      page_start: chunk.pageStart,
      page_end: chunk.pageEnd,
      line_start: chunk.lineStart,
      line_end: chunk.lineEnd,
      heading: chunk.heading,
      text: chunk.text,
      doc_hash: write.document.contentHash,
      embedding_model: embeddingModel,
    };
    if (withOcrColumn) row.ocr_confidence = chunk.ocrConfidence ?? null;
    // Arrow wants a plain array for a FixedSizeList built from JS objects.
    if (vectors) row.vector = Array.from(vectors[i]!);
    return row;
  });
}

/** Where a stored chunk stands in its document: the columns a chunk and a search hit both read back. */
export function placeOfRow(row: Pick<ChunkRow, 'page_start' | 'page_end' | 'line_start' | 'line_end' | 'heading'>) {
  return {
    pageStart: row.page_start ?? null,
    pageEnd: row.page_end ?? null,
    lineStart: row.line_start ?? null,
    lineEnd: row.line_end ?? null,
    heading: row.heading ?? null,
  };
}

/** A stored chunk back as the chunk it was written from (a change of embedder copies them, pipeline/embedderSwitch.ts). */
export function chunkFromRow(row: ChunkRow): Chunk {
  const chunk: Chunk = { id: row.id, path: row.path, ordinal: row.ordinal, ...placeOfRow(row), text: row.text };
  if (row.ocr_confidence != null) chunk.ocrConfidence = row.ocr_confidence;
  return chunk;
}

export function documentRow(write: DocumentWrite, indexedAt: string): DocumentRow {
  return storedRow({ ...write.document, chunks: write.chunks.length, indexedAt });
}

/** A document's bookkeeping as its row (the inverse of storedDocument). */
export function storedRow(d: StoredDocument): DocumentRow {
  return {
    path: d.path,
    kind: d.kind,
    size: d.size,
    mtime_ms: d.mtimeMs,
    content_hash: d.contentHash,
    pages: d.pages,
    chunks: d.chunks,
    warnings: JSON.stringify(d.warnings),
    indexed_at: d.indexedAt,
  };
}

export function storedDocument(row: DocumentRow): StoredDocument {
  let warnings: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.warnings);
    if (Array.isArray(parsed)) warnings = parsed.map(String);
  } catch {
    // A damaged warnings cell loses only the warnings, not the document.
  }
  return {
    path: row.path,
    kind: row.kind as DocumentKind,
    size: Number(row.size),
    mtimeMs: Number(row.mtime_ms),
    contentHash: row.content_hash,
    pages: row.pages ?? null,
    chunks: Number(row.chunks),
    warnings,
    indexedAt: row.indexed_at,
  };
}
