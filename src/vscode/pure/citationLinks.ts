/**
 * The text of citation links: a command URI carrying the citation, the Markdown link around it,
 * and the way back to a plain `[n]` marker (history). No `vscode` import (unit-tested).
 */
import type { Citation } from '../../core/graph/api';
import { citationLabel } from '../../core/citations/citationLabel';
import { INSERT_CITATION_COMMAND, OPEN_CITATION_COMMAND } from './commandIds';

/** What a link carries: its turn and number, and where to open if the turn is forgotten. */
export interface CitationLinkArgs {
  turn: string;
  n: number;
  file: string;
  page?: number;
  pageEnd?: number;
  lines?: [number, number];
}

export function citationCommandUri(turn: string, c: Citation, command: string = OPEN_CITATION_COMMAND): string {
  const args: CitationLinkArgs = {
    turn,
    n: c.index,
    file: c.file,
    ...(c.page !== undefined ? { page: c.page } : {}),
    ...(c.pageEnd !== undefined ? { pageEnd: c.pageEnd } : {}),
    ...(c.lines ? { lines: c.lines } : {}),
  };
  // encodeURIComponent leaves ( ) ' ! * as they are; a ")" would end the Markdown link early.
  const encoded = encodeURIComponent(JSON.stringify([args])).replace(/[()'!*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${encoded}`;
}

/** The Sources list's "insert" link: the citation at the cursor of the writer's draft. */
export function insertCitationUri(turn: string, c: Citation): string {
  return citationCommandUri(turn, c, INSERT_CITATION_COMMAND);
}

/** A marker link as `markdownLink` writes it, so history can turn it back into `[n]`. */
const MARKER_LINK = /\[\\\[(\d+)\\\]\]\(command:local-research\.openCitation\?[^\s)]*(?: "(?:[^"\\]|\\.)*")?\)/g;

/** Answer text as the model wrote it: citation links back to plain `[n]` markers. */
export function unlinkCitations(markdown: string): string {
  return markdown.replace(MARKER_LINK, '[$1]');
}

/**
 * A source's hover: how it is cited and, where that hides the file (a paper named by its authors),
 * the file's path, then the quoted passage. The label itself reads as core/citations/citationLabel.ts says.
 */
export function citationHover(c: Citation, quote: string | undefined): string {
  const label = citationLabel(c);
  const where = label.startsWith(c.file) ? label : `${label} · ${c.file}`;
  return quote ? `${where}: “${quote}”` : where;
}

/** `[label](command "title")` with the label and title escaped for Markdown. */
export function markdownLink(label: string, uri: string, title?: string): string {
  const escapedLabel = label.replace(/[\\[\]*_`<>]/g, (ch) => `\\${ch}`);
  const escapedTitle = title ? ` "${title.replace(/["\\]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ')}"` : '';
  return `[${escapedLabel}](${uri}${escapedTitle})`;
}
