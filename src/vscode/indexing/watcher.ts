/**
 * Re-indexes when documents change. Events are debounced into one incremental run (unchanged
 * files are skipped by size+mtime and content hash in core), so saving a file ten times or
 * unpacking a folder of PDFs costs one run, not one per event. A bib file is no document: its
 * change needs no run, only that the papers' records read it again (core/index/papers).
 */
import * as vscode from 'vscode';
import picomatch from 'picomatch';
import type { EditorSettings } from '../pure/settings';

export class DocumentWatcher implements vscode.Disposable {
  private watcher: vscode.FileSystemWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly changed = new Set<string>();

  constructor(
    private readonly root: vscode.Uri,
    private readonly onBatch: (paths: string[]) => void,
    private readonly onBibChanged: (path: string) => void = () => undefined,
  ) {}

  /** (Re)starts watching with the current include/exclude globs; stops when watching is off. */
  configure(config: EditorSettings): void {
    this.stop();
    if (!config.index.watch) return;
    const included = picomatch(config.index.include, { dot: false });
    const excluded = picomatch(config.index.exclude, { dot: true });
    const debounceMs = config.index.watchDebounceMs;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.root, '**/*'));
    const note = (uri: vscode.Uri) => {
      const rel = vscode.workspace.asRelativePath(uri, false);
      if (rel === uri.fsPath || excluded(rel)) return;
      if (/\.bib$/i.test(rel)) this.onBibChanged(rel);
      if (!included(rel)) return;
      this.changed.add(rel);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.flush(), debounceMs);
    };
    this.watcher.onDidCreate(note);
    this.watcher.onDidChange(note);
    this.watcher.onDidDelete(note);
  }

  private flush(): void {
    const paths = [...this.changed];
    this.changed.clear();
    if (paths.length) this.onBatch(paths);
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.watcher?.dispose();
    this.watcher = undefined;
  }

  dispose(): void {
    this.stop();
  }
}
