/**
 * "Local Research: Show Papers": every indexed document as the library knows it (authors, year,
 * title), with where each field came from. Choosing one opens the bib entry that describes it, to
 * fix a field (a saved .bib takes effect at the next question, without re-indexing), or, for a
 * paper without an entry, the document itself. What the bib files held that could not be used is
 * listed after the papers and opens the log; then the works two or more papers cite that the
 * library lacks (a reading list: choosing one copies its reference).
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import type { EnginePaper } from '../engine/contract';
import type { IndexService } from './indexService';
import { describe } from '../log';
import { engineSettings } from '../pure/settings';
import { sourcesText } from '../pure/paperSources';
import type { SecretStore } from '../settings/secrets';
import { plainLabel } from '../pure/documentText';

interface PaperItem extends vscode.QuickPickItem {
  paper?: EnginePaper;
  problems?: string[];
  /** A work of the reading list: chosen, its reference is copied. */
  reference?: string;
}

export async function showPapers(index: IndexService, secrets: SecretStore, log: Logger, showLog: () => void): Promise<EnginePaper | undefined> {
  const folders = index.folders.map(({ label, dbDir, uri }) => ({ label, dbDir, root: uri.fsPath }));
  if (folders.length === 0) {
    void vscode.window.showInformationMessage('Local Research: open a folder to see its papers.');
    return undefined;
  }
  let listed;
  try {
    listed = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Reading the papers…' }, async () =>
      loadEngine().listPapers(folders, engineSettings(readConfig(), await secrets.engineKeys())),
    );
  } catch (error) {
    log.warn('Show Papers failed', error);
    void vscode.window.showErrorMessage(`Local Research: the papers could not be read: ${describe(error)}`);
    return undefined;
  }
  if (listed.papers.length === 0) {
    const pick = await vscode.window.showInformationMessage('Local Research: nothing is indexed yet.', 'Index the workspace now');
    if (pick) void index.enqueue('index', { trigger: 'command' });
    return undefined;
  }
  for (const problem of listed.problems) log.warn(`papers: ${problem}`);
  // Names, paths and bib text are the documents' own: labels without icons or line breaks.
  const items: PaperItem[] = listed.papers.map((paper) => ({
    label: plainLabel(paper.name ?? paper.path),
    description: paper.name ? plainLabel(paper.path) : 'no record: cited by its path',
    detail: plainLabel(sourcesText(paper.record)),
    paper,
  }));
  if (listed.problems.length > 0) {
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push({
      label: `$(warning) ${listed.problems.length} bib entr${listed.problems.length === 1 ? 'y' : 'ies'} could not be used`,
      detail: plainLabel(listed.problems.slice(0, 3).join(' · ')),
      problems: listed.problems,
    });
  }
  if (listed.readingList.length > 0) {
    items.push({ label: `Cited often, not in your library (${listed.readingList.length})`, kind: vscode.QuickPickItemKind.Separator });
    for (const work of listed.readingList) {
      items.push({
        label: `$(book) ${work.name}`,
        description: `cited by ${work.citedBy.length} papers`,
        detail: work.citedBy.map((c) => `${c.path}${c.pages.length ? ` (p. ${c.pages.join(', ')})` : ''}`).join(' · '),
        reference: work.raw,
      });
    }
  }
  const named = listed.papers.filter((p) => p.name).length;
  const picked = await vscode.window.showQuickPick(items, {
    title: `Papers: ${named} of ${listed.papers.length} documents have a record`,
    placeHolder: 'Choose a paper to open its bib entry (fix a field there: it takes effect without re-indexing)',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  if (picked.problems) {
    showLog();
    return undefined;
  }
  if (picked.reference !== undefined) {
    await vscode.env.clipboard.writeText(picked.reference);
    void vscode.window.showInformationMessage('Local Research: the reference is copied; add the paper to the workspace and index it to cite it.');
    return undefined;
  }
  const paper = picked.paper!;
  if (paper.bibEntry) {
    const line = Math.max(0, paper.bibEntry.line - 1);
    await vscode.window.showTextDocument(vscode.Uri.file(paper.bibEntry.file), { selection: new vscode.Range(line, 0, line, 0) });
  } else {
    const uri = index.paths.uriOf(paper.path);
    if (uri) await vscode.commands.executeCommand('vscode.open', uri);
  }
  return paper;
}
