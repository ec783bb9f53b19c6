/**
 * Wires what opens citations: the PDF viewer (custom editor for *.pdf), the cited-range
 * highlighter for text, the read-only preview of .docx files, the registry of recent answers' citations, and the command the chat's
 * citation links run.
 */
import * as vscode from 'vscode';
import { formatOf } from '../../core/formats';
import type { Logger } from '../../core/ports';
import { PagePreviews } from '../viewer/pagePreviews';
import { PdfViewerProvider } from '../viewer/provider';
import { OPEN_CITATION_COMMAND } from '../pure/commandIds';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { DocxPreviewProvider } from './docxPreview';
import { createCitationOpener, targetOf } from './openCitation';
import { CitationRegistry } from './registry';
import { CitedRangeHighlighter } from './textHighlight';
import type { FolderPaths } from '../indexing/workspaceFolders';

/** How many of an answer's PDF citations get their page's preview read ahead. */
const PREVIEWS_PER_ANSWER = 6;

export interface Citations {
  registry: CitationRegistry;
  viewer: PdfViewerProvider;
  previews: PagePreviews;
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
  const previews = new PagePreviews(log);
  const viewer = new PdfViewerProvider(context.extensionUri, context.workspaceState, { reindex }, log, lookup, previews);
  // The reader reads the answer before clicking a citation: its PDF pages' previews are read
  // meanwhile, in a worker thread, so the viewer can show the passage as soon as it opens.
  const prepare = registry.onDidFinish(({ turn, cited }) => {
    const stored = registry.get(turn);
    const pdfs = cited.filter((c) => c.page !== undefined && formatOf(c.file).previewedIn === 'pdfViewer').slice(0, PREVIEWS_PER_ANSWER);
    for (const c of pdfs) {
      const located = folders().locate(c.file);
      if (located) void previews.prepare(vscode.Uri.joinPath(located.folder.uri, ...located.path.split('/')), targetOf(c, stored, false));
    }
  });
  const text = new CitedRangeHighlighter();
  const docx = new DocxPreviewProvider();
  const opener = createCitationOpener({ folders, registry, viewer, text, docx, log });
  context.subscriptions.push(
    registry,
    prepare,
    previews,
    viewer,
    viewer.register(),
    text,
    docx,
    docx.register(),
    vscode.commands.registerCommand(OPEN_CITATION_COMMAND, (args: CitationLinkArgs) => opener.open(args)),
  );
  return { registry, viewer, previews, text, open: (args) => opener.open(args) };
}
