/**
 * The text of citation links: a command URI carrying the citation, the Markdown link around it,
 * and the way back to a plain `[n]` marker (history). No `vscode` import (unit-tested).
 */
import type { Citation } from '../../core/graph/api';
import { citationLabel } from '../../core/citations/citationLabel';
import { INSERT_CITATION_COMMAND, OPEN_CITATION_COMMAND } from './commandIds';
import { markdownLink, markdownText } from './documentText';

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

/**
 * A marker link as `markdownLink` writes it (`[&#91;2&#93;](command:… "…")`), or as it was written
 * before labels were entity-encoded (`[\[2\]](…)`), so history can turn it back into `[n]`.
 */
const MARKER_LINK = /\[(?:\\\[|&#91;)(\d+)(?:\\\]|&#93;)\]\(command:local-research\.openCitation\?[^\s)]*(?: "(?:[^"\\]|\\.)*")?\)/g;

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

/**
 * One entry of the Sources list: `[n]` and the label as links that open the citation, and for a
 * paper an "insert" link. The label and the hover are the document's text (a title, authors, a
 * file name, the quote): they display as written and form no link, image or icon of their own.
 */
export function sourcesEntry(turn: string, c: Citation, hover: string): string {
  const uri = citationCommandUri(turn, c);
  // A paper can be cited in the writer's draft from here (a note has no bib entry to cite).
  const insert = c.paper ? ` · ${markdownLink('insert', insertCitationUri(turn, c), `Insert ${citationLabel(c)} at the cursor of your draft`)}` : '';
  // The citation key (the user's bib's, Zotero's): what the writer types in a draft.
  const key = c.paper?.citekey ? ` · ${markdownText(c.paper.citekey)}` : '';
  return `\n- ${markdownLink(`[${c.index}]`, uri, hover)} ${markdownLink(citationLabel(c), uri, hover)}${key}${insert}`;
}
