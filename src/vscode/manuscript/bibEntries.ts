/**
 * Adding a generated entry to the writer's bibliography: asked first (a modal showing the entries),
 * then applied as a WorkspaceEdit (undoable, shown in the editor like any edit) and saved, so a
 * LaTeX or Pandoc build reads it. Never a silent write: nothing changes unless the writer accepts.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { BibEdit } from '../../core/manuscript';
import { appendedEntries, bibEntryQuestion } from '../pure/manuscript';

/** Asks whether to add the entries; `accept` and `decline` are the two answers' labels. Undefined when the writer closed the question. */
export async function askBibEntries(edits: readonly BibEdit[], accept: string, decline: string): Promise<'accept' | 'decline' | undefined> {
  const { message, detail } = bibEntryQuestion(edits, (path) => basename(path));
  const answer = await vscode.window.showInformationMessage(message, { modal: true, detail }, accept, decline);
  return answer === accept ? 'accept' : answer === decline ? 'decline' : undefined;
}

/** Appends the entries to their bib files (created when missing) and saves them. Returns what could not be done, one line each. */
export async function addBibEntries(edits: readonly BibEdit[]): Promise<string[]> {
  const problems: string[] = [];
  for (const bib of edits) {
    const uri = vscode.Uri.file(bib.file);
    const edit = new vscode.WorkspaceEdit();
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (!exists) {
      edit.createFile(uri, { ignoreIfExists: true });
      edit.insert(uri, new vscode.Position(0, 0), appendedEntries('', bib.entries).text);
    } else {
      // Placed against the file as it is now (it may have changed since the plan was made).
      const document = await vscode.workspace.openTextDocument(uri);
      const text = document.getText();
      const fresh = bib.entries.filter((entry) => !new RegExp(`@\\w+\\s*[{(]\\s*${escapeRegExp(entry.key)}\\s*,`).test(text));
      if (fresh.length === 0) continue;
      const append = appendedEntries(text, fresh);
      edit.replace(uri, new vscode.Range(document.positionAt(append.start), document.positionAt(text.length)), append.text);
    }
    if (!(await vscode.workspace.applyEdit(edit))) {
      problems.push(`${basename(bib.file)} could not be edited`);
      continue;
    }
    const saved = await (await vscode.workspace.openTextDocument(uri)).save();
    if (!saved) problems.push(`${basename(bib.file)} was edited but not saved: save it before building`);
  }
  return problems;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
