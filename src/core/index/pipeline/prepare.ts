/**
 * One file of an indexing run made ready to write: hashed, and extracted (and OCR'd) unless its
 * bytes are unchanged. Runs ahead of the writer on the extraction workers (./indexer.ts).
 */
import { hashFile } from '../contentHash';
import { failureFromError, type Extractor } from './extract';
import type { OcrRun } from './ocr/ocrRun';
import type { StoredDocument } from '../store/indexStore';
import type { DiscoveredFile, ExtractedDocument, FileFailure } from '../types';
import { readDocumentReferences } from './extract/references';

export type Prepared =
  | { kind: 'document'; file: DiscoveredFile; stored: StoredDocument | null; hash: string; doc: ExtractedDocument }
  | { kind: 'touched'; file: DiscoveredFile; stored: StoredDocument }
  | { kind: 'failed'; file: DiscoveredFile; stored: StoredDocument | null; failure: FileFailure };

/**
 * The documents a run extracted last, by content hash: a file with the same bytes as one of them
 * (a PDF attached to two Zotero items, a copy in two folders) takes its text instead of being read
 * again. Only the last few are kept, so a run's memory does not grow with its documents.
 */
export class RecentExtractions {
  private readonly byHash = new Map<string, Promise<ExtractedDocument>>();
  constructor(private readonly size = 64) {}

  take(hash: string, extract: () => Promise<ExtractedDocument>): Promise<ExtractedDocument> {
    const known = this.byHash.get(hash);
    if (known) return known;
    const work = extract();
    this.byHash.set(hash, work);
    if (this.byHash.size > this.size) this.byHash.delete(this.byHash.keys().next().value!);
    return work;
  }
}

/** Hashes the file and, unless its bytes are unchanged, extracts it. Never throws except on abort. */
export async function prepare(
  file: DiscoveredFile,
  stored: StoredDocument | null,
  extractor: Extractor,
  ocr: OcrRun | undefined,
  signal?: AbortSignal,
  recent?: RecentExtractions,
): Promise<Prepared> {
  try {
    if (file.prepared) {
      if (stored && stored.contentHash === file.prepared.hash) return { kind: 'touched', file, stored };
      return { kind: 'document', file, stored, hash: file.prepared.hash, doc: file.prepared.doc };
    }
    const hash = await hashFile(file.absPath, signal);
    if (stored && stored.contentHash === hash) return { kind: 'touched', file, stored };
    const read = async () => {
      const doc = await extractor.extract(file, signal);
      await ocr?.read(doc, file.absPath, hash, signal);
      readDocumentReferences(doc);
      return doc;
    };
    const doc = recent ? await recent.take(hash, read) : await read();
    return { kind: 'document', file, stored, hash, doc: doc.path === file.path ? doc : { ...doc, path: file.path } };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', file, stored, failure: failureFromError(file.path, error) };
  }
}
