/**
 * A .docx cannot be opened as text (it is a zip), so its citations open a read-only preview: the
 * text the index read from it (headings as `#` lines), at the cited paragraphs. The preview is a
 * virtual document under our own scheme, built by the same extraction the indexer runs, so the
 * paragraph numbers a citation carries map onto its lines exactly.
 */
import * as vscode from 'vscode';
import { formatOf } from '../../core/formats';
import { extractDocx } from '../../core/index';

export const DOCX_PREVIEW_SCHEME = 'local-research-docx';

/** The preview of a .docx in the workspace (same path, our scheme). */
export function docxPreviewUri(file: vscode.Uri): vscode.Uri {
  return file.with({ scheme: DOCX_PREVIEW_SCHEME, query: file.scheme });
}

export function isDocx(path: string): boolean {
  return formatOf(path).previewedIn === 'docxPreview';
}

export class DocxPreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Per preview: its lines and the paragraphs each came from (ExtractedDocument.sourceLines). */
  private readonly sources = new Map<string, { lines: string[]; sourceLines: Array<[number, number]> }>();

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(DOCX_PREVIEW_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const file = uri.with({ scheme: uri.query || 'file', query: '' });
    try {
      const { text, sourceLines } = await extractDocx(await vscode.workspace.fs.readFile(file));
      this.sources.set(uri.toString(), { lines: text.split('\n'), sourceLines });
      return text;
    } catch (error) {
      this.sources.delete(uri.toString());
      return `This document could not be read: ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  /** The preview's lines holding the cited paragraphs (whole lines), or the first line. */
  async rangeOf(preview: vscode.Uri, paragraphs: [number, number]): Promise<vscode.Range> {
    await vscode.workspace.openTextDocument(preview);
    const source = this.sources.get(preview.toString());
    return source ? previewRange(source.lines, source.sourceLines, paragraphs) : new vscode.Range(0, 0, 0, 0);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/**
 * Lines (0-based) whose source paragraphs overlap the cited ones, without the blank lines between
 * blocks (which carry the next block's paragraph); line 0 when none do.
 */
export function previewRange(lines: string[], sourceLines: Array<[number, number]>, [first, last]: [number, number]): vscode.Range {
  let start = -1;
  let end = -1;
  sourceLines.forEach(([from, to], line) => {
    if (to < first || from > last || !lines[line]?.trim()) return;
    if (start < 0) start = line;
    end = line;
  });
  return start < 0 ? new vscode.Range(0, 0, 0, 0) : new vscode.Range(start, 0, end, Number.MAX_SAFE_INTEGER);
}
