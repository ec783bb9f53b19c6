/**
 * The PDF viewer: a read-only custom editor for `*.pdf` whose webview runs pdf.js
 * (media/pdf-viewer). One tab per document: a second citation into an open PDF moves that tab to
 * the new passage. The webview reads the PDF itself through its webview URL (pdf.js fetches it,
 * with range requests where the host serves them), from the one folder that holds it. The last page and zoom of each PDF are kept in the
 * workspace state and restored when it is reopened.
 */
import * as vscode from 'vscode';
import { posix } from 'node:path';
import {
  PDF_VIEW_TYPE,
  type FromViewer,
  type PassageTarget,
  type PdfCitationLinks,
  type ToViewer,
  type ViewerReport,
  type ViewState,
} from '../../core/citations/viewerProtocol';
import type { Logger } from '../../core/ports';
import { describe } from '../log';
import type { CitationLinks } from './citationLinks';
import { viewerHtml } from './html';
import { fileVersion, type PagePreviews } from './pagePreviews';
import { plainLabel } from '../pure/documentText';

const STATE_KEY = 'pdfViewer.viewState';

/** The passages to show, or the promise of them. */
type Targets = PassageTarget[] | Promise<PassageTarget[]>;
const MAX_REMEMBERED = 200;

interface OpenViewer {
  panel: vscode.WebviewPanel;
  ready: boolean;
  report?: ViewerReport;
  /** When VS Code asked for the editor and when its page was handed over (ms since the epoch), for the benchmark's timeline. */
  opening?: { resolved: number; page?: number };
  /** The in-text citations sent to it (./citationLinks.ts): a click names one of them. */
  links?: PdfCitationLinks;
}

export interface PdfViewerActions {
  reindex(): void;
}

export class PdfViewerProvider implements vscode.CustomReadonlyEditorProvider, vscode.Disposable {
  private readonly viewers = new Map<string, OpenViewer>();
  /** Targets to show once the viewer of that document has loaded. */
  private readonly pending = new Map<string, { targets: Targets; active: number }>();
  private links?: CitationLinks;
  private readonly reported = new vscode.EventEmitter<{ uri: vscode.Uri; report: ViewerReport }>();
  /** Fires on every report a viewer sends (page shown, highlight drawn, failure shown). */
  readonly onDidReport = this.reported.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly memento: vscode.Memento,
    private readonly actions: PdfViewerActions,
    private readonly log: Logger,
    /** The cited passage at a page, for a PDF opened with `#page=N`; undefined: the page only. */
    private readonly citedAt: (uri: vscode.Uri, page: number) => PassageTarget[] | undefined = () => undefined,
    /** Previews of cited pages, shown while pdf.js starts (./pagePreviews.ts). */
    private readonly previews?: PagePreviews,
  ) {}

  /** From now on, the in-text citations of the PDFs it opens are links (./citationLinks.ts). */
  linkCitations(links: CitationLinks): void {
    this.links = links;
  }

  register(): vscode.Disposable {
    return vscode.window.registerCustomEditorProvider(PDF_VIEW_TYPE, this, {
      // Re-parsing a 2,000-page manual each time its tab comes back costs seconds; keep it.
      webviewOptions: { retainContextWhenHidden: true },
      supportsMultipleEditorsPerDocument: false,
    });
  }

  /**
   * Opens (or moves) our viewer on `uri` at `targets[active]`. The targets may still be on their
   * way (the file being hashed to tell whether it changed): the tab opens meanwhile.
   */
  async show(uri: vscode.Uri, targets: Targets, active: number): Promise<void> {
    const key = keyOf(uri);
    const open = this.viewers.get(key);
    if (open?.ready) {
      open.panel.reveal(open.panel.viewColumn, false);
      this.post(open.panel, { type: 'show', targets: await targets, active });
      return;
    }
    this.pending.set(key, { targets, active });
    if (!open) await vscode.commands.executeCommand('vscode.openWith', uri.with({ fragment: '' }), PDF_VIEW_TYPE, { preview: false });
  }

  /** A viewer tab for a PDF that is not there, saying so, instead of a failed open. */
  showMissing(uri: vscode.Uri, message: string): void {
    const panel = vscode.window.createWebviewPanel(
      PDF_VIEW_TYPE + '.missing',
      plainLabel(posix.basename(uri.path)),
      vscode.ViewColumn.Active,
      this.webviewOptions(),
    );
    const key = keyOf(uri);
    this.viewers.set(key, { panel, ready: false });
    panel.onDidDispose(() => this.viewers.get(key)?.panel === panel && this.viewers.delete(key));
    panel.webview.onDidReceiveMessage((received: FromViewer) => {
      if (received.type !== 'ready') this.onMessage(uri, panel, received);
    });
    panel.webview.html = viewerHtml(panel.webview, this.extensionUri, { type: 'fail', reason: 'missing', message });
  }

  /** The last report of the viewer showing `uri`, if one is open. */
  reportOf(uri: vscode.Uri): ViewerReport | undefined {
    return this.viewers.get(keyOf(uri))?.report;
  }

  /** When the open viewer of `uri` was created and given its page (ms since the epoch). */
  openingOf(uri: vscode.Uri): OpenViewer['opening'] {
    return this.viewers.get(keyOf(uri))?.opening;
  }

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => {} };
  }

  async resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    const uri = document.uri;
    const key = keyOf(uri);
    const entry: OpenViewer = { panel, ready: false, opening: { resolved: Date.now() } };
    this.viewers.set(key, entry);
    panel.onDidDispose(() => {
      if (this.viewers.get(key) === entry) this.viewers.delete(key);
    });
    panel.webview.options = this.webviewOptions(uri);
    panel.webview.onDidReceiveMessage((message: FromViewer) => {
      if (message.type === 'ready') this.onReady(key, entry, uri);
      else this.onMessage(uri, panel, message);
    });
    // The first message rides in the page itself: the viewer starts fetching the PDF as its
    // script starts, without a round trip to the extension. So does the cited page's preview when
    // it is read already; one still being read follows as a message.
    const { message: first, version } = await this.firstMessage(uri, panel.webview);
    const target = first.type === 'load' ? first.targets[first.active] : undefined;
    const preview = target && version && this.previews ? this.previews.lookup(uri.with({ fragment: '' }), target, version) : {};
    panel.webview.html = viewerHtml(panel.webview, this.extensionUri, first, preview.now);
    entry.opening!.page = Date.now();
    void preview.later?.then((html) => {
      if (html && target && !entry.report?.painted && this.viewers.get(key) === entry) this.post(panel, { type: 'preview', page: target.page, html });
    });
  }

  /**
   * What the viewer shows first: the PDF at the requested citation, or why it cannot; with the
   * file's version (./pagePreviews.ts's fileVersion) when it can be read.
   */
  private async firstMessage(uri: vscode.Uri, webview: vscode.Webview): Promise<{ message: ToViewer; version?: string }> {
    const key = keyOf(uri);
    const request = this.pending.get(key) ?? this.fromFragment(uri);
    this.pending.delete(key);
    const targets = (await request?.targets) ?? [];
    const file = uri.with({ fragment: '' });
    let version: string;
    try {
      version = fileVersion(await vscode.workspace.fs.stat(file));
    } catch (error) {
      const missing = error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
      this.log.warn(`PDF viewer: cannot read ${uri.fsPath}: ${describe(error)}`);
      return {
        message: {
          type: 'fail',
          reason: missing ? 'missing' : 'unreadable',
          message: missing
            ? `${uri.fsPath} is no longer there. It may have been moved or deleted since it was indexed.`
            : `${uri.fsPath} could not be read: ${describe(error)}`,
        },
      };
    }
    const restore = this.memento.get<Record<string, ViewState>>(STATE_KEY, {})[key];
    const url = webview.asWebviewUri(file).toString();
    return {
      message: { type: 'load', url, fileName: posix.basename(uri.path), targets, active: request?.active ?? 0, ...(restore ? { restore } : {}) },
      version,
    };
  }

  /** The viewer's script runs: a citation clicked while it was starting is shown now. */
  private onReady(key: string, entry: OpenViewer, uri: vscode.Uri): void {
    entry.ready = true;
    // Read beside pdf.js's start, not before it: the page shows without waiting for them.
    void this.links?.of(uri).then((links) => {
      if (!links || this.viewers.get(key) !== entry) return;
      entry.links = links;
      this.post(entry.panel, { type: 'citationLinks', links });
    });
    const late = this.pending.get(key);
    if (late) {
      this.pending.delete(key);
      void Promise.resolve(late.targets).then((targets) => this.post(entry.panel, { type: 'show', targets, active: late.active }));
    }
  }

  private onMessage(uri: vscode.Uri, panel: vscode.WebviewPanel, message: FromViewer): void {
    const entry = this.viewers.get(keyOf(uri));
    switch (message.type) {
      case 'report':
        if (entry?.panel === panel) entry.report = message.report;
        if (message.report.error) this.log.warn(`PDF viewer: ${uri.fsPath}: ${message.report.error.message}`);
        this.reported.fire({ uri, report: message.report });
        break;
      case 'state': {
        const all = { ...this.memento.get<Record<string, ViewState>>(STATE_KEY, {}) };
        delete all[keyOf(uri)];
        all[keyOf(uri)] = message.state;
        const keys = Object.keys(all);
        for (const old of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) delete all[old];
        void this.memento.update(STATE_KEY, all);
        break;
      }
      case 'log':
        this.log.warn(`PDF viewer (${posix.basename(uri.path)}): ${message.message}`);
        break;
      case 'followCitation':
        if (entry?.panel === panel && entry.links) void this.links?.follow(entry.links, message.mention);
        break;
      case 'action':
        if (message.action === 'reindex') this.actions.reindex();
        else if (message.action === 'reveal') void vscode.commands.executeCommand('revealInExplorer', uri.with({ fragment: '' }));
        else void vscode.commands.executeCommand('vscode.openWith', uri.with({ fragment: '' }), 'default');
        break;
    }
  }

  private fromFragment(uri: vscode.Uri): { targets: Targets; active: number } | undefined {
    const page = pageOfFragment(uri);
    if (page === undefined) return undefined;
    return { targets: this.citedAt(uri.with({ fragment: '' }), page) ?? [{ page }], active: 0 };
  }

  /** Scripts on; readable: the viewer's own files and the folder of the PDF it shows. */
  private webviewOptions(document?: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    const roots = [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview')];
    if (document) roots.push(vscode.Uri.joinPath(document.with({ fragment: '' }), '..'));
    return { enableScripts: true, localResourceRoots: roots };
  }

  private post(panel: vscode.WebviewPanel, message: ToViewer): void {
    // A tab closed while a message was on its way: nothing to show it to.
    const lost = (error: unknown) => this.log.debug(`PDF viewer: message not delivered: ${describe(error)}`);
    try {
      void panel.webview.postMessage(message).then(undefined, lost);
    } catch (error) {
      lost(error);
    }
  }

  dispose(): void {
    this.reported.dispose();
  }
}

/** One viewer per file: the key ignores a `#page=N` fragment. */
function keyOf(uri: vscode.Uri): string {
  return uri.with({ fragment: '' }).toString();
}

/** The page of a `file.pdf#page=N` link (what other tools and the chat's references use). */
function pageOfFragment(uri: vscode.Uri): number | undefined {
  const page = /(?:^|&)page=(\d+)/.exec(uri.fragment)?.[1];
  return page ? Number(page) : undefined;
}
