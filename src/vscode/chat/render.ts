/**
 * How graph output appears in the chat: citations as clickable references to the file at the
 * page (PDF) or line range (text), and known failures as one actionable line plus a button
 * (which line and which button: ./pure/knownProblems.ts).
 */
import * as vscode from 'vscode';
import type { FolderPaths } from '../indexing/workspaceFolders';
import type { Citation } from '../../core/graph/api';
import { docxPreviewUri, isDocx } from '../citations/docxPreview';
import { trustedMarkdown } from '../citations/links';
import { citationHover, sourcesEntry } from '../pure/citationLinks';
import { SOURCES_HEADING } from '../pure/chatHistory';
import { buttonsFor, problemLine, type KnownProblem } from '../pure/knownProblems';

/**
 * Where a citation points: a PDF page as `#page=N` (what PDF viewers understand), text as a line
 * range; undefined when its path names no workspace folder.
 */
export function citationLocation(folders: FolderPaths, citation: Citation): vscode.Uri | vscode.Location | undefined {
  const uri = folders.uriOf(citation.file);
  if (!uri) return undefined;
  if (citation.page !== undefined) return uri.with({ fragment: `page=${citation.page}` });
  // A .docx cites paragraphs, and opening the file shows its zip bytes: point at its text preview.
  if (isDocx(citation.file)) return docxPreviewUri(uri);
  if (citation.lines) {
    const [start, end] = citation.lines;
    // To the end of the last cited line (the editor clamps the column to the line's length).
    return new vscode.Location(uri, new vscode.Range(Math.max(0, start - 1), 0, Math.max(0, end - 1), 10_000));
  }
  return uri;
}

/**
 * Appends the sources list: each citation as a link that opens it where it can be checked (our
 * PDF viewer at the page with the passage highlighted, a note at its lines), its quote as the
 * link's hover text, and as a reference (the chat's "Used N references" list).
 */
export function renderCitations(
  stream: vscode.ChatResponseStream,
  folders: FolderPaths,
  citations: Citation[],
  turn: string,
  hoverOf: (c: Citation) => string | undefined = (c) => c.snippet,
): void {
  if (citations.length === 0) return;
  stream.markdown(SOURCES_HEADING);
  for (const c of citations) {
    stream.markdown(trustedMarkdown(sourcesEntry(turn, c, citationHover(c, hoverOf(c)))));
    const location = citationLocation(folders, c);
    if (location) stream.reference(location);
  }
  stream.markdown('\n');
}

/** The buttons alone: for degraded answers whose text already says what happened and what to do. */
export function renderButtons(stream: vscode.ChatResponseStream, problem: KnownProblem): void {
  for (const button of buttonsFor(problem)) stream.button(button);
}

/** One actionable line and the button that fixes it. */
export function renderProblem(stream: vscode.ChatResponseStream, problem: KnownProblem): void {
  stream.markdown(problemLine(problem));
  for (const button of buttonsFor(problem)) stream.button(button);
}
