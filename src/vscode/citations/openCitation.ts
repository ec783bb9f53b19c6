/**
 * Opens a citation where it can be checked: a PDF in our viewer at the cited page with the
 * indexed passage highlighted (and the answer's other citations of that PDF one click away), a
 * Markdown or text file at the cited lines, highlighted, a .docx in its text preview at the cited
 * paragraphs. A citation never opens a file outside
 * the indexed folders, whatever a link in the chat says; in a multi-root workspace its path names
 * the folder (../indexing/workspaceFolders).
 */
import { citationLabel } from '../../core/citations/citationLabel';
import * as vscode from 'vscode';
import { cachedOcrWords, hashFile, ocrCacheDirOf } from '../../core/index';
import type { Citation } from '../../core/graph/api';
import type { OcrPageWords, PassageTarget } from '../../core/citations/viewerProtocol';
import { formatOf } from '../../core/formats';
import type { Logger } from '../../core/ports';
import { describe } from '../log';
import type { PdfViewerProvider } from '../viewer/provider';
import type { FolderPaths } from '../indexing/workspaceFolders';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { FileHashes } from '../pure/fileHashes';
import { messageText } from '../pure/documentText';
import type { CitationRegistry, CitedTurn } from './registry';
import type { CitedRangeHighlighter } from './textHighlight';
import { docxPreviewUri, isDocx, type DocxPreviewProvider } from './docxPreview';
import { libraryDocument } from './libraryDocument';
import { citedHighlights, type LibraryDocumentFile } from '../../core/library/libraryFiles';

export interface CitationOpener {
  open(args: CitationLinkArgs): Promise<void>;
}

export function createCitationOpener(deps: {
  folders: () => FolderPaths;
  registry: CitationRegistry;
  viewer: PdfViewerProvider;
  text: CitedRangeHighlighter;
  docx: DocxPreviewProvider;
  log: Logger;
}): CitationOpener {
  const hashes = new FileHashes(hashFile);
  return {
    async open(args) {
      const located = deps.folders().locate(args.file);
      if (!located || !isInside(located.path)) {
        void vscode.window.showWarningMessage(messageText(`Local Research: cannot open "${args.file}": it is not a document of this workspace.`));
        return;
      }
      const turn = deps.registry.get(args.turn);
      const citation: Citation = turn?.citations.find((c) => c.index === args.n && c.file === args.file) ?? { index: args.n, ...args };
      // A Zotero library's document: a linked PDF where Zotero links it, the user's annotations or notes on their PDF.
      const library = await libraryDocument(located.folder.dbDir, located.path);
      const uri = library ? vscode.Uri.file(library.file) : vscode.Uri.joinPath(located.folder.uri, ...located.path.split('/'));
      const exists = await vscode.workspace.fs.stat(uri).then(
        () => true,
        () => false,
      );
      const isPdf = library !== null || citation.page !== undefined || formatOf(citation.file).previewedIn === 'pdfViewer';
      if (!exists) {
        // A shared index was built from another machine's copy: the file may never have been here.
        const message = located.folder.shared
          ? `${citation.file} is not on this machine: the shared index at ${located.folder.dbDir} cites it, but ${located.folder.uri.fsPath} has no such file (copy the team's documents there to open it).`
          : `${citation.file} is no longer in this workspace (moved or deleted since it was indexed). Re-index to update the index.`;
        if (isPdf) deps.viewer.showMissing(uri, message);
        else void vscode.window.showWarningMessage(messageText(`Local Research: ${message}`));
        return;
      }
      if (isPdf) {
        // The answer's other citations of this PDF, for the viewer's previous/next.
        const cited = turn?.cited;
        const siblings = (turn?.citations ?? [citation])
          .filter((c) => c.file === citation.file && (c.page !== undefined || library) && (c.index === citation.index || !cited || cited.includes(c.index)))
          .sort((a, b) => a.index - b.index);
        // Hashing the file (tens of ms for a large manual, skipped while its size and modification
        // time are unchanged) and reading its OCR words run while the viewer opens; the viewer
        // needs them only when it hands the webview its page.
        const ocrCache = ocrCacheDirOf(located.folder.dbDir);
        const targets = currentHash(uri, hashes, deps.log).then((hash) => {
          // The user's annotations and notes are documents of their own: their hash is not the PDF's.
          const stale =
            library?.of !== 'annotations' && library?.of !== 'notes' && citation.docHash !== undefined && hash !== undefined && hash !== citation.docHash;
          return Promise.all(siblings.map((c) => withOcrWords(libraryTarget(targetOf(c, turn, stale), c, library, located.path), ocrCache, hash)));
        });
        await deps.viewer.show(
          uri,
          targets,
          Math.max(
            0,
            siblings.findIndex((c) => c.index === citation.index),
          ),
        );
        return;
      }
      const [start, end] = citation.lines ?? [1, 1];
      if (isDocx(citation.file)) {
        // A .docx is a zip: its preview shows the text the index read, at the cited paragraphs.
        const preview = docxPreviewUri(uri);
        await deps.text.show(preview, await deps.docx.rangeOf(preview, [start, end]));
        return;
      }
      await deps.text.show(uri, new vscode.Range(Math.max(0, start - 1), 0, Math.max(0, end - 1), Number.MAX_SAFE_INTEGER));
    },
  };
}

export function targetOf(c: Citation, turn: CitedTurn | undefined, stale: boolean): PassageTarget {
  const emphasis = turn?.emphasis[c.index];
  return {
    page: c.page ?? 1,
    ...(c.pageEnd !== undefined ? { pageEnd: c.pageEnd } : {}),
    ...(c.text ? { text: c.text } : {}),
    ...(emphasis ? { emphasis } : {}),
    // A paper reads as it is cited; a file by its name alone (the bar is narrow).
    label: `[${c.index}] ${citationLabel({ ...c, file: c.file.split('/').pop()!, page: c.page ?? 1 })}`,
    ...(c.paper ? { paper: c.paper } : {}),
    ...(stale ? { stale } : {}),
  };
}

/**
 * A citation of the user's own words on a library PDF: an annotation opens at the highlight Zotero
 * keeps (its rectangles, not text looked for on the page); a note, written on no page, opens the
 * PDF at its first page with nothing to look for.
 */
function libraryTarget(target: PassageTarget, c: Citation, library: LibraryDocumentFile | null, path: string): PassageTarget {
  if (library?.of === 'notes') {
    const { text: _text, emphasis: _emphasis, ...rest } = target;
    return rest;
  }
  if (library?.of !== 'annotations') return target;
  const userHighlights = citedHighlights(library.pdf, path, c);
  return userHighlights.length > 0 ? { ...target, page: userHighlights[0]!.page, userHighlights } : target;
}

/**
 * The file's content hash as it is now: it tells whether the file changed since it was indexed
 * (the highlight may be off), and keys its OCR cache. Undefined when it cannot be read.
 */
async function currentHash(uri: vscode.Uri, hashes: FileHashes, log: Logger): Promise<string | undefined> {
  if (uri.scheme !== 'file') return undefined;
  try {
    return await hashes.of(uri.fsPath);
  } catch (error) {
    log.warn(`cannot hash ${uri.fsPath}: ${describe(error)}`);
    return undefined;
  }
}

/**
 * Adds the words OCR read on the target's pages, when the index's OCR cache has them for the file
 * as it is now: the viewer locates the passage in them on pages that have no text layer.
 */
async function withOcrWords(target: PassageTarget, ocrCache: string, hash: string | undefined): Promise<PassageTarget> {
  if (!hash || !target.text) return target;
  const ocrPages: OcrPageWords[] = [];
  for (let page = target.page; page <= (target.pageEnd ?? target.page); page++) {
    const words = await cachedOcrWords(ocrCache, hash, page);
    if (words) ocrPages.push({ page, words });
  }
  return ocrPages.length > 0 ? { ...target, ocrPages } : target;
}

/** A relative POSIX path that stays inside the folder it is relative to. */
function isInside(file: string): boolean {
  return file.length > 0 && !file.startsWith('/') && !/^[a-zA-Z]:/.test(file) && !file.split(/[\\/]/).includes('..');
}
