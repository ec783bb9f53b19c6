/**
 * Citation keys completed as they are typed: inside `\cite{` (and the natbib/biblatex family) in
 * LaTeX, after `[@` or `@` in Markdown, Quarto and R Markdown (matched by file name: `.qmd` and
 * `.Rmd` have no built-in language id). Offered: the draft bibliography's entries and the
 * library's papers it lacks, each with authors, year and title, found by any of them. Choosing a
 * paper the bibliography lacks asks to add its generated entry (./bibEntries.ts).
 */
import * as vscode from 'vscode';
import { citationKeyAt, draftFormatOf, type KeyCompletion } from '../../core/manuscript';
import type { Logger } from '../../core/ports';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import type { IndexService } from '../indexing/indexService';
import { COMMANDS } from '../pure/commandIds';
import { markdownText, messageText, plainLabel } from '../pure/documentText';
import { engineSettings } from '../pure/settings';
import type { SecretStore } from '../settings/secrets';
import { addBibEntries, askBibEntries } from './bibEntries';
import { engineDraft } from './drafts';
import { engineFoldersOf, type LibraryService } from '../indexing/libraryService';

/** Where completion is offered: by language for LaTeX and Markdown, by file name for the rest. */
export const DRAFT_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'latex' },
  { scheme: 'file', language: 'markdown' },
  { scheme: 'file', pattern: '**/*.{tex,ltx,qmd,Qmd,Rmd,rmd}' },
];

/** `{` and `,` in a LaTeX key list, `@` in Markdown. */
export const TRIGGER_CHARACTERS = ['{', ',', '@'];

/** What choosing a key the bibliography lacks runs: the entry offered to the writer. */
export interface AddBibEntryArgs {
  key: string;
  bibFile: string;
  text: string;
  path: string;
}

export class KeyCompletionProvider implements vscode.CompletionItemProvider {
  constructor(private readonly deps: { index: IndexService; libraries?: LibraryService; secrets: SecretStore; log: Logger }) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.CompletionList | undefined> {
    const line = document.lineAt(position.line).text;
    const at = citationKeyAt(line, position.character, draftFormatOf(document.uri.fsPath));
    if (!at) return undefined;
    const folders = engineFoldersOf(this.deps.index.folders, this.deps.libraries);
    if (folders.length === 0) return undefined;
    let papers: KeyCompletion[];
    try {
      papers = await loadEngine().keyCompletions({
        folders,
        settings: engineSettings(readConfig(), await this.deps.secrets.engineKeys()),
        draft: engineDraft(document),
      });
    } catch (error) {
      // Not indexed yet, or the index cannot be read: no papers to offer; the status bar says why.
      this.deps.log.debug(`completion: no papers to offer (${String(error)})`);
      return undefined;
    }
    if (token.isCancellationRequested) return undefined;
    const range = {
      inserting: new vscode.Range(position.line, at.start, position.line, position.character),
      replacing: new vscode.Range(position.line, at.start, position.line, at.end),
    };
    const items = papers.map((paper, i) => {
      // Keys, names, titles and paths are the library's own: labels and Markdown that show text only.
      const item = new vscode.CompletionItem({ label: plainLabel(paper.key), description: plainLabel(paper.name) }, vscode.CompletionItemKind.Reference);
      item.detail = plainLabel(paper.name);
      item.documentation = new vscode.MarkdownString(
        [paper.title ?? '', paper.path ?? '', paper.newEntry ? `Not in ${paper.newEntry.bibFile} yet: choosing it offers to add its entry.` : '']
          .filter(Boolean)
          .map(markdownText)
          .join('\n\n'),
      );
      item.filterText = paper.filterText;
      item.insertText = paper.key;
      item.range = range;
      item.sortText = String(i).padStart(5, '0');
      if (paper.newEntry) {
        const args: AddBibEntryArgs = { key: paper.key, ...paper.newEntry };
        item.command = { title: 'Add the bib entry', command: COMMANDS.addBibEntry, arguments: [args] };
      }
      return item;
    });
    return new vscode.CompletionList(items, false);
  }
}

/** The entry of a key just chosen, added if the writer accepts. Returns whether it was added. */
export async function addBibEntryCommand(args: AddBibEntryArgs): Promise<boolean> {
  const edit = { file: args.bibFile, exists: true, entries: [{ key: args.key, text: args.text, path: args.path }], start: 0, end: 0, text: '' };
  const exists = await vscode.workspace.fs.stat(vscode.Uri.file(args.bibFile)).then(
    () => true,
    () => false,
  );
  const answer = await askBibEntries([{ ...edit, exists }], 'Add entry', 'Not now');
  if (answer !== 'accept') return false;
  const problems = await addBibEntries([{ ...edit, exists }]);
  for (const problem of problems) void vscode.window.showErrorMessage(messageText(`Local Research: ${problem}`));
  return problems.length === 0;
}
