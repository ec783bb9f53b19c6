/**
 * Where a Zotero library's documents are on disk, for the hosts' links and the editor's viewer: a
 * PDF's path in the index is where Zotero keeps it (`storage/<key>/<file>.pdf` under the data
 * directory) or, for a linked file, `linked/<key>/<file>.pdf` standing for the file wherever it
 * is; the user's annotations (`your-notes/<attachment key>/annotations`) open the PDF they were
 * made on, with the highlights' places; an item's notes (`your-notes/<item key>/notes`) open its
 * first PDF. Read from the library record (./libraryRecord.ts), never from Zotero's folder.
 */
import type { LibraryPdf, LibraryRecord } from './libraryRecord';
import type { UserHighlight } from '../citations/viewerProtocol';
import { passageId } from './ownWords';

export interface LibraryDocumentFile {
  /** The PDF on disk. */
  file: string;
  pdf: LibraryPdf;
  /** What the path is: the PDF itself, the user's annotations on it, or the item's notes. */
  of: 'pdf' | 'annotations' | 'notes';
}

/** Every document path of the library's index with the PDF it opens. */
export function documentFiles(record: LibraryRecord): Map<string, LibraryDocumentFile> {
  const files = new Map<string, LibraryDocumentFile>();
  for (const item of record.items) {
    for (const pdf of item.pdfs) {
      files.set(pdf.path, { file: pdf.file, pdf, of: 'pdf' });
      if (pdf.annotationsPath) files.set(pdf.annotationsPath, { file: pdf.file, pdf, of: 'annotations' });
    }
    const first = item.pdfs[0];
    if (item.notesPath && first) files.set(item.notesPath, { file: first.file, pdf: first, of: 'notes' });
  }
  return files;
}

/**
 * The annotations a cited passage of `annotationsPath` is: the one whose passage it is (its text,
 * as indexed), else every annotation with rectangles on the cited page. Annotations without
 * rectangles (ink) are left out.
 */
export function citedHighlights(pdf: LibraryPdf, annotationsPath: string, cited: { text?: string; page?: number }): UserHighlight[] {
  const drawable = pdf.annotations.flatMap((a) => {
    const highlight = highlightOf(a);
    return highlight ? [{ annotation: a, highlight }] : [];
  });
  const exact =
    cited.text !== undefined ? drawable.filter(({ annotation }) => annotation.passageId === passageId(annotationsPath, annotation.key, cited.text!)) : [];
  const chosen = exact.length > 0 ? exact : drawable.filter(({ highlight }) => highlight.page === cited.page);
  return chosen.map(({ highlight }) => highlight);
}

function highlightOf(annotation: LibraryPdf['annotations'][number]): UserHighlight | null {
  let position: { pageIndex?: unknown; rects?: unknown };
  try {
    position = JSON.parse(annotation.position) as typeof position;
  } catch {
    return null;
  }
  const pageIndex = typeof position.pageIndex === 'number' ? position.pageIndex : annotation.pageIndex;
  const rects = Array.isArray(position.rects)
    ? position.rects.filter(
        (r): r is [number, number, number, number] => Array.isArray(r) && r.length === 4 && r.every((n) => typeof n === 'number' && Number.isFinite(n)),
      )
    : [];
  if (pageIndex === null || rects.length === 0) return null;
  return { page: pageIndex + 1, rects, color: annotation.color, type: annotation.type };
}
