/** How a citation is named in the chat: file and page(s), or file and lines (paragraphs for .docx). */
import type { Citation } from '../../core/graph/api';
import { lineWord } from '../../core/index';

export function citationLabel(citation: Citation): string {
  if (citation.page !== undefined) return `${citation.file}, ${citationWhere(citation)}`;
  if (citation.lines) return `${citation.file}, ${citationWhere(citation)}`;
  return citation.file;
}

export function citationWhere(citation: Citation): string {
  if (citation.page !== undefined) return citation.pageEnd !== undefined ? `pp. ${citation.page}-${citation.pageEnd}` : `p. ${citation.page}`;
  if (citation.lines) return `${lineWord(citation.file)}s ${citation.lines[0]}-${citation.lines[1]}`;
  return '';
}
