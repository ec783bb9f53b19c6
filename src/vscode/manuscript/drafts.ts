/**
 * Which draft the writer is working in. Inserting from the chat goes to the cursor of the last
 * active `.tex`, `.md`, `.qmd` or `.Rmd` editor: clicking a citation moves focus to the PDF viewer
 * (and clicking in the chat to the chat), so the active editor is not the draft at that moment.
 * The tracker remembers the last draft editor and its selection, and brings it back to insert.
 */
import * as vscode from 'vscode';
import type { EngineDraft } from '../engine/contract';
import { DRAFT_GLOB, isDraftPath } from '../pure/manuscript';
import { messageText, plainLabel } from '../pure/documentText';

export function isDraft(document: vscode.TextDocument): boolean {
  return document.uri.scheme === 'file' && isDraftPath(document.uri.fsPath);
}

/** What a draft's setup may read from open documents: the draft's root, its bib files, a Quarto project file. */
const SETUP_FILE = /\.(tex|ltx|bib|md|markdown|qmd|rmd|ya?ml)$/i;

/** The draft as the engine takes it, with the open documents' texts (unsaved edits count). */
export function engineDraft(document: vscode.TextDocument): EngineDraft {
  const openTexts: Record<string, string> = {};
  for (const open of vscode.workspace.textDocuments) {
    if (open.uri.scheme === 'file' && SETUP_FILE.test(open.uri.fsPath) && open !== document) openTexts[open.uri.fsPath] = open.getText();
  }
  return { path: document.uri.fsPath, text: document.getText(), openTexts };
}

export class DraftTracker implements vscode.Disposable {
  private last: { uri: vscode.Uri; selection: vscode.Selection; column: vscode.ViewColumn | undefined } | undefined;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    this.remember(vscode.window.activeTextEditor);
    this.listeners = [
      vscode.window.onDidChangeActiveTextEditor((editor) => this.remember(editor)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.remember(e.textEditor)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (this.last && document.uri.toString() === this.last.uri.toString()) this.last = undefined;
      }),
    ];
  }

  /** The last draft the writer was in (its tab may have closed since). */
  get lastDraft(): vscode.Uri | undefined {
    return this.last?.uri;
  }

  /**
   * The draft's editor, visible, with the writer's cursor where it was; undefined when no draft
   * was active since it opened (or it was closed).
   */
  async editor(): Promise<vscode.TextEditor | undefined> {
    if (!this.last) return undefined;
    const { uri, selection, column } = this.last;
    // Closed since (its document may linger in memory a while after its tab closed): not the draft any more.
    const inTab = vscode.window.tabGroups.all.some((group) =>
      group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
    );
    if (!inTab) return undefined;
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
    if (visible) return visible;
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document) return undefined;
    const editor = await vscode.window.showTextDocument(document, { ...(column !== undefined ? { viewColumn: column } : {}), selection, preview: false });
    return editor;
  }

  /** Offers the workspace's drafts to open, when none is open to insert into. */
  async offerToOpen(what: string): Promise<void> {
    const pick = await vscode.window.showInformationMessage(
      `Local Research: no LaTeX or Markdown draft (.tex, .md, .qmd, .Rmd) is open to insert ${what} into.`,
      'Open a draft…',
    );
    if (pick !== 'Open a draft…') return;
    const files = await vscode.workspace.findFiles(DRAFT_GLOB, '**/{node_modules,.git,.research-index}/**', 200);
    const chosen = await vscode.window.showQuickPick(
      files.map((uri) => ({ label: plainLabel(vscode.workspace.asRelativePath(uri)), uri })),
      { title: 'Open a draft to insert into', placeHolder: files.length ? 'A .tex, .md, .qmd or .Rmd file of the workspace' : 'No draft in the workspace' },
    );
    if (!chosen) return;
    await vscode.window.showTextDocument(chosen.uri, { preview: false });
    void vscode.window.showInformationMessage(messageText(`Local Research: put the cursor where ${what} should go in ${chosen.label}, then insert again.`));
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
  }

  private remember(editor: vscode.TextEditor | undefined): void {
    if (!editor || !isDraft(editor.document)) return;
    this.last = { uri: editor.document.uri, selection: editor.selection, column: editor.viewColumn };
  }
}
