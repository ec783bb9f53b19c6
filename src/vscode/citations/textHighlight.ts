/**
 * A cited range in a Markdown or text file: the editor opens with the cursor at its start and
 * the lines marked (find-match colour, overview ruler). The mark goes at the first edit of that
 * document or when another citation opens, so it never lingers over text that moved.
 */
import * as vscode from 'vscode';

export class CitedRangeHighlighter implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.findMatchHighlightBackground'),
    isWholeLine: true,
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.findMatchForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
  });
  private marked: { uri: vscode.Uri; range: vscode.Range } | undefined;
  private readonly listener = vscode.workspace.onDidChangeTextDocument((e) => {
    if (this.marked && e.contentChanges.length > 0 && e.document.uri.toString() === this.marked.uri.toString()) this.clear();
  });

  /** Opens `uri` with `range` (0-based lines, whole lines) selected and highlighted. */
  async show(uri: vscode.Uri, range: vscode.Range): Promise<vscode.TextEditor> {
    this.clear();
    const editor = await vscode.window.showTextDocument(uri, { selection: range, preview: true });
    const lines = new vscode.Range(range.start.line, 0, range.end.line, Number.MAX_SAFE_INTEGER);
    editor.setDecorations(this.decoration, [lines]);
    editor.revealRange(lines, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.marked = { uri, range: lines };
    return editor;
  }

  /** What is highlighted now (tests read it). */
  current(): { uri: vscode.Uri; range: vscode.Range } | undefined {
    return this.marked;
  }

  private clear(): void {
    if (!this.marked) return;
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.toString() === this.marked.uri.toString()) editor.setDecorations(this.decoration, []);
    }
    this.marked = undefined;
  }

  dispose(): void {
    this.listener.dispose();
    this.decoration.dispose();
  }
}
