/**
 * A PDF's reference list read from the page lines its extraction kept (src/core/papers/references),
 * and the lines let go: on the extraction thread for a file read whole without pages left to OCR
 * (the lines never cross threads), else on the main thread once OCR's pages are in (../prepare.ts).
 */
import { readReferences, REFERENCES_VERSION } from '../../../papers/references/read';
import type { PaperReferences } from '../../../papers/references/types';
import type { ExtractedDocument } from '../../types';

/** Reads a just-extracted PDF's references from the layout it brought, then lets the layout go (it is large). */
export function readDocumentReferences(doc: ExtractedDocument): void {
  if (!doc.pageLines) return;
  try {
    doc.references = readReferences(doc.pageLines);
  } catch (error) {
    // A rule that throws on some layout must not cost the document its index entry.
    doc.references = emptyReferences(`the reference list could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  delete doc.pageLines;
}

export function emptyReferences(why?: string): PaperReferences {
  return { version: REFERENCES_VERSION, section: null, entries: [], mentions: [], limits: why ? [why] : [] };
}
