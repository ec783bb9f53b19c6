/**
 * Following an in-text citation clicked in the viewer (src/vscode/viewer/citationLinks.ts): the
 * page of the cited paper to open.
 */
import type { CitationLink, CitedReference } from './viewerProtocol';

/**
 * The page of the cited paper to open: the page the citation names ("p. 820", "pp. 820-822"), counted from the
 * first page the reference list gives it ("817–858" puts p. 820 on the 4th page); a named page
 * outside that range, or no page named, opens the first page. Without a range, the named page
 * is taken as the PDF's own numbering.
 */
export function pageToOpen(reference: Pick<CitedReference, 'pages'>, mention: Pick<CitationLink, 'citedPage'>): number {
  // "p. 5", "pp. 3-4": the first number; "p. iv" names none.
  const named = Number(/\d+/.exec(mention.citedPage ?? '')?.[0]);
  if (!Number.isInteger(named) || named < 1) return 1;
  const range = /^(\d+)\s*[-–—]+\s*(\d+)$/.exec(reference.pages?.trim() ?? '');
  if (!range) return reference.pages ? 1 : named;
  const first = Number(range[1]);
  const last = Number(range[2]);
  return named >= first && named <= last ? named - first + 1 : 1;
}
