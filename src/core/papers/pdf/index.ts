/** What a PDF says about the paper it holds, from the PDF alone: see README.md. */
export {
  EVIDENCE_PAGES,
  pageLayoutFromTextContent,
  readPdfEvidence,
  type EvidenceDocument,
  type EvidencePage,
  type LayoutRun,
  type PageLayout,
  type PdfEvidence,
  type ReadEvidenceOptions,
  type TextContentLike,
} from './evidence';
export { evidenceFromOcrWords } from './ocrLayout';
export { PDF_RECORD_VERSION, pdfPaperFields } from './fields';
