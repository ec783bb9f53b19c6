/**
 * One file of an indexing run made ready to write: hashed, and extracted (and OCR'd) unless its
 * bytes are unchanged. Runs ahead of the writer on the extraction workers (./indexer.ts).
 */
import { hashFile } from '../contentHash';
import { failureFromError, type Extractor } from './extract';
import type { OcrRun } from './ocr/ocrRun';
import type { StoredDocument } from '../store/indexStore';
import type { DiscoveredFile, ExtractedDocument, FileFailure } from '../types';

export type Prepared =
  | { kind: 'document'; file: DiscoveredFile; stored: StoredDocument | null; hash: string; doc: ExtractedDocument }
  | { kind: 'touched'; file: DiscoveredFile; stored: StoredDocument }
  | { kind: 'failed'; file: DiscoveredFile; stored: StoredDocument | null; failure: FileFailure };

/** Hashes the file and, unless its bytes are unchanged, extracts it. Never throws except on abort. */
export async function prepare(
  file: DiscoveredFile,
  stored: StoredDocument | null,
  extractor: Extractor,
  ocr: OcrRun | undefined,
  signal?: AbortSignal,
): Promise<Prepared> {
  try {
    if (file.prepared) {
      if (stored && stored.contentHash === file.prepared.hash) return { kind: 'touched', file, stored };
      return { kind: 'document', file, stored, hash: file.prepared.hash, doc: file.prepared.doc };
    }
    const hash = await hashFile(file.absPath, signal);
    if (stored && stored.contentHash === hash) return { kind: 'touched', file, stored };
    const doc = await extractor.extract(file, signal);
    await ocr?.read(doc, file.absPath, hash, signal);
    return { kind: 'document', file, stored, hash, doc };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', file, stored, failure: failureFromError(file.path, error) };
  }
}
