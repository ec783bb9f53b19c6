/**
 * What an extraction reads for the paper records (src/core/papers/pdf): the Info dictionary, XMP
 * and the first pages' layout, from text content the extraction already has (pages 1-2 are not
 * asked of pdf.js twice: that alone cost 6% of extraction, against 0.2% this way), and the page
 * labels (what a reader calls a page: "iv", "253"). Never fails the extraction: a PDF whose
 * metadata cannot be read simply has no evidence.
 */
import { EVIDENCE_PAGES, readPdfEvidence, type EvidenceDocument, type PdfEvidence, type TextContentLike } from '../../../papers/pdf';

/** A PDF's evidence about the paper it holds, as it travels with its extracted text. */
export interface PaperEvidence {
  evidence: PdfEvidence;
  /** One label per physical page, or null when the PDF defines none. */
  pageLabels: string[] | null;
}

export type PaperEvidenceDocument = EvidenceDocument & { getPageLabels?(): Promise<string[] | null> };

/** Keeps pages 1-2's text content as the extraction reads them. */
export class EvidencePages {
  private readonly contents = new Map<number, TextContentLike>();

  keep(pageNumber: number, content: TextContentLike): void {
    if (pageNumber <= EVIDENCE_PAGES) this.contents.set(pageNumber, content);
  }

  async read(document: PaperEvidenceDocument): Promise<PaperEvidence | undefined> {
    try {
      const evidence = await readPdfEvidence(document, { textContentOf: (n) => this.contents.get(n) });
      const labels = await document.getPageLabels?.().catch(() => null);
      return { evidence, pageLabels: Array.isArray(labels) && labels.length === document.numPages ? labels : null };
    } catch {
      return undefined;
    } finally {
      this.contents.clear();
    }
  }
}
