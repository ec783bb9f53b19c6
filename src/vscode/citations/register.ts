/**
 * Wires what opens citations: the PDF viewer (custom editor for *.pdf), the cited-range
 * highlighter for text, the read-only preview of .docx files, the registry of recent answers' citations, and the command the chat's
 * citation links run.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import { PdfViewerProvider } from '../pdfViewer/provider';
import { OPEN_CITATION_COMMAND } from '../pure/commandIds';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { DocxPreviewProvider } from './docxPreview';
import { createCitationOpener, targetOf } from './openCitation';
import { CitationRegistry } from './registry';
import { CitedRangeHighlighter } from './textHighlight';
import type { FolderPaths } from '../workspaceFolders';

export interface Citations {
  registry: CitationRegistry;
  viewer: PdfViewerProvider;
  text: CitedRangeHighlighter;
  open(args: CitationLinkArgs): Promise<void>;
}

export function registerCitations(context: vscode.ExtensionContext, folders: () => FolderPaths, reindex: () => void, log: Logger): Citations {
  const registry = new CitationRegistry(context.workspaceState);
  // A PDF opened from a plain `#page=N` link (the chat's reference list) still gets its
  // highlight when an answer cited that page.
  const lookup = (uri: vscode.Uri, page: number) => {
    // A file outside the folders keeps its absolute path, which no citation carries.
    const found = registry.latestAt(folders().indexPathOf(uri), page);
    return found ? [targetOf(found.citation, found.turn, false)] : undefined;
  };
  const viewer = new PdfViewerProvider(context.extensionUri, context.workspaceState, { reindex }, log, lookup);
  const text = new CitedRangeHighlighter();
  const docx = new DocxPreviewProvider();
  const opener = createCitationOpener({ folders, registry, viewer, text, docx, log });
  context.subscriptions.push(
    viewer,
    viewer.register(),
    text,
    docx,
    docx.register(),
    vscode.commands.registerCommand(OPEN_CITATION_COMMAND, (args: CitationLinkArgs) => opener.open(args)),
  );
  return { registry, viewer, text, open: (args) => opener.open(args) };
}
