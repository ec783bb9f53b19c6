/**
 * Page previews for the PDF viewer (src/core/citations/pagePreview.ts): the cited page's text in
 * place with the passage marked, written into the viewer's page so the reader sees the passage
 * while pdf.js starts. They are prepared when an answer cites PDF pages (the reader reads the
 * answer before clicking), in a worker thread; a click never starts one, so a click's own
 * opening never competes with a preview for the CPU. A preview is used only for the file as it
 * was read (same size and modification time).
 */
import * as vscode from 'vscode';
import { PagePreviewThread } from '../../core/index';
import { pagePreviewHtml } from '../../core/citations/pagePreview';
import type { PassageTarget } from '../../core/citations/viewerProtocol';
import type { Logger } from '../../core/ports';
import { describe } from '../log';

/** Previews kept: a few answers' worth of cited pages. */
const KEPT = 24;

interface Prepared {
  /** The file's size and modification time when it was read. */
  version: string;
  html: Promise<string | undefined>;
  /** Once read: the HTML, or null when the page has no preview. */
  value?: string | null;
}

export class PagePreviews implements vscode.Disposable {
  private readonly thread = new PagePreviewThread();
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly log: Logger) {}

  /** Reads the preview of `target` in `file`, unless it is read already for the file as it is. */
  async prepare(file: vscode.Uri, target: PassageTarget): Promise<string | undefined> {
    if (file.scheme !== 'file') return undefined;
    const key = keyOf(file, target);
    const version = await versionOf(file);
    if (version === undefined) return undefined;
    const known = this.prepared.get(key);
    this.prepared.delete(key); // (re-)inserted below: the map's order is the order of last use
    const entry = known?.version === version ? known : { version, html: this.read(file, target) };
    if (entry !== known) void entry.html.then((html) => (entry.value = html ?? null));
    this.prepared.set(key, entry);
    for (const old of [...this.prepared.keys()].slice(0, Math.max(0, this.prepared.size - KEPT))) this.prepared.delete(old);
    return entry.html;
  }

  /**
   * The preview's HTML for the page being written, if it is read and the file is as it was
   * (`version`: fileVersion of the file's stat now); otherwise, if one is on its way, `later`
   * resolves with it (undefined if there will be none).
   */
  lookup(file: vscode.Uri, target: PassageTarget, version: string): { now?: string; later?: Promise<string | undefined> } {
    const entry = this.prepared.get(keyOf(file, target));
    if (!entry || entry.value === null || entry.version !== version) return {};
    return entry.value !== undefined ? { now: entry.value } : { later: entry.html };
  }

  dispose(): void {
    this.thread.dispose();
  }

  private read(file: vscode.Uri, target: PassageTarget): Promise<string | undefined> {
    const { page, pageEnd, text } = target;
    return this.thread
      .read({ path: file.fsPath, page, ...(pageEnd !== undefined ? { pageEnd } : {}), ...(text ? { text } : {}) })
      .then((preview) => (preview ? pagePreviewHtml(preview) : undefined))
      .catch((error: unknown) => {
        this.log.debug(`PDF viewer: no preview of ${file.fsPath} p. ${page}: ${describe(error)}`);
        return undefined;
      });
  }
}

function keyOf(file: vscode.Uri, target: PassageTarget): string {
  return [file.fsPath, target.page, target.pageEnd ?? '', target.text ?? ''].join('\n');
}

/** A file's size and modification time, as one value: a preview is used only for the file as it was read. */
export function fileVersion(stat: Pick<vscode.FileStat, 'size' | 'mtime'>): string {
  return `${stat.size}:${stat.mtime}`;
}

function versionOf(file: vscode.Uri): Thenable<string | undefined> {
  return vscode.workspace.fs.stat(file).then(fileVersion, () => undefined);
}
