/**
 * The words the PDF viewer shows before pdf.js has painted anything: the citation bar's label and
 * the note on the empty panel. The extension writes them into the viewer's page (a large manual
 * takes a second or more to open in a browser-hosted VS Code) and the webview keeps them up to
 * date, so both come from here.
 */
import { paperName } from './citationLabel';
import type { PassageTarget } from './viewerProtocol';

/** The citation bar's label: the target's own, with its place among several. */
export function citationBarLabel(targets: readonly PassageTarget[], active: number): string {
  const target = targets[active];
  if (!target) return '';
  return targets.length > 1 ? `${target.label ?? `p. ${target.page}`} (${active + 1} of ${targets.length})` : (target.label ?? '');
}

const QUOTE_CHARS = 280;

/**
 * What the panel says while the document opens: which page of which file, and the start of the
 * cited passage (a reader can often check it before the page appears).
 */
export function openingNote(fileName: string, target: PassageTarget | undefined, restoredPage?: number): { line: string; quote?: string } {
  const page = target?.page ?? restoredPage;
  const pages = target?.pageEnd !== undefined && target.pageEnd > target.page ? `pages ${target.page}-${target.pageEnd}` : `page ${page}`;
  const name = paperName(target?.paper) ?? fileName;
  const line = page !== undefined ? `Opening ${pages} of ${name}…` : `Opening ${name}…`;
  const text = target?.text?.replace(/\s+/g, ' ').trim();
  if (!text) return { line };
  if (text.length <= QUOTE_CHARS) return { line, quote: text };
  const cut = text.lastIndexOf(' ', QUOTE_CHARS);
  return { line, quote: `${text.slice(0, cut > QUOTE_CHARS / 2 ? cut : QUOTE_CHARS)}…` };
}
