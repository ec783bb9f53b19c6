/** Buffers an indexing run's finished documents and writes them in batches (./indexer.ts). */
import { chunkDocument, type ChunkOptions } from './chunk';
import type { Embedder } from '../embed/embedder';
import type { DocumentWrite, IndexStore, StoredDocument } from '../store/indexStore';
import type { DocumentWarnings, ExtractedDocument, FileFailure } from '../types';
import type { Prepared } from './prepare';
import type { PaperEvidence } from './extract/paperEvidence';
import type { PaperReferences } from '../../papers/references/types';

/**
 * Why a document that has text gave no passage. The one way it happens: every line sits at the
 * top or bottom of pages and repeats on a quarter of them or more (chunkUnits.ts takes such lines
 * for running headers and footers and leaves them out of passages).
 */
function noPassageReason(doc: ExtractedDocument): string[] {
  if (!doc.pages.some((page) => /\p{L}{2}/u.test(page))) return [];
  return [
    doc.kind === 'pdf'
      ? 'no passage indexed: its only text is lines repeated at the top or bottom of its pages, which are left out as running headers and footers'
      : 'no passage indexed from its text',
  ];
}

/** Buffers finished documents and writes them in batches; counts what the run did. */
export class RunWriter {
  indexed = 0;
  touched = 0;
  pages = 0;
  chunks = 0;
  readonly stale: string[] = [];
  readonly warned: DocumentWarnings[] = [];
  /** The paper evidence of the PDFs written this run, by path (./paperFieldPass.ts reads it). */
  readonly paperEvidence = new Map<string, { hash: string; paper: PaperEvidence }>();
  /** The reference lists of the PDFs written this run, by path (./referencePass.ts reads them). */
  readonly references = new Map<string, { hash: string; references: PaperReferences }>();
  private pending: DocumentWrite[] = [];
  private pendingChunks = 0;
  private touchedDocs: StoredDocument[] = [];

  constructor(
    private readonly store: IndexStore,
    private readonly embedder: Embedder | null,
    private readonly batchChunks: number,
  ) {}

  async add(
    prepared: Extract<Prepared, { kind: 'document' }>,
    chunking: Partial<ChunkOptions> | undefined,
    signal?: AbortSignal,
  ): Promise<{ failure?: FileFailure }> {
    const { doc, file, hash } = prepared;
    if (doc.paper) this.paperEvidence.set(file.path, { hash, paper: doc.paper });
    if (doc.references) this.references.set(file.path, { hash, references: doc.references });
    let chunks;
    try {
      chunks = file.prepared?.chunks ?? chunkDocument(doc, chunking);
    } catch (error) {
      return {
        failure: { path: file.path, code: 'chunk-failed', reason: `could not split into chunks: ${error instanceof Error ? error.message : String(error)}` },
      };
    }
    // A document with text and no passage must say why, or it looks indexed and never answers.
    const warnings = chunks.length === 0 ? [...doc.warnings, ...noPassageReason(doc)] : doc.warnings;
    // Embedding errors (server down, model gone) are not about this file: they stop the run.
    const vectors = this.embedder
      ? await this.embedder.embed(
          chunks.map((c) => c.text),
          signal,
        )
      : null;
    this.pending.push({
      document: {
        path: file.path,
        kind: doc.kind,
        size: file.size,
        mtimeMs: file.mtimeMs,
        contentHash: hash,
        pages: doc.kind === 'pdf' ? doc.pages.length : null,
        warnings,
      },
      chunks,
      vectors,
    });
    this.pendingChunks += chunks.length;
    if (warnings.length > 0) this.warned.push({ path: file.path, warnings });
    this.indexed++;
    this.pages += doc.kind === 'pdf' ? doc.pages.length : 0;
    this.chunks += chunks.length;
    return {};
  }

  touch(document: StoredDocument): void {
    this.touched++;
    this.touchedDocs.push(document);
  }

  removeStale(path: string): void {
    this.stale.push(path);
  }

  shouldFlush(): boolean {
    return this.pendingChunks >= this.batchChunks || this.pending.length >= 200 || this.touchedDocs.length >= 500;
  }

  async flush(): Promise<void> {
    const writes = this.pending;
    const touched = this.touchedDocs;
    this.pending = [];
    this.pendingChunks = 0;
    this.touchedDocs = [];
    if (writes.length > 0) await this.store.replaceDocuments(writes);
    if (touched.length > 0) await this.store.recordDocuments(touched);
  }
}
