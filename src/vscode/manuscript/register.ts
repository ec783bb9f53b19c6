/**
 * Wires the manuscript tools: the draft tracker, the insert commands the chat's buttons and links
 * run, key completion in drafts, and the citation check with its diagnostics, hovers and code
 * actions.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import type { CitationRegistry } from '../citations/registry';
import type { IndexService } from '../indexing/indexService';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { COMMANDS } from '../pure/commandIds';
import type { SecretStore } from '../settings/secrets';
import { CitationChecker, type ReplaceKeyArgs } from './check';
import { addBibEntryCommand, DRAFT_SELECTOR, KeyCompletionProvider, TRIGGER_CHARACTERS, type AddBibEntryArgs } from './completion';
import { DraftTracker } from './drafts';
import { ManuscriptInserter, type InsertTurnArgs } from './insert';
import type { LibraryService } from '../indexing/libraryService';

export interface Manuscript {
  drafts: DraftTracker;
  inserter: ManuscriptInserter;
  checker: CitationChecker;
  completion: KeyCompletionProvider;
}

export function registerManuscript(
  context: vscode.ExtensionContext,
  deps: { index: IndexService; libraries?: LibraryService; secrets: SecretStore; registry: CitationRegistry; log: Logger },
): Manuscript {
  const drafts = new DraftTracker();
  const inserter = new ManuscriptInserter({ drafts, ...deps });
  const checker = new CitationChecker({ drafts, inserter, ...deps });
  const completion = new KeyCompletionProvider(deps);
  const reg = (id: string, fn: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, fn);
  context.subscriptions.push(
    drafts,
    checker,
    reg(COMMANDS.insertCitations, (args: InsertTurnArgs) => inserter.insertCitations(args)),
    reg(COMMANDS.insertAnswer, (args: InsertTurnArgs) => inserter.insertAnswer(args)),
    reg(COMMANDS.insertCitation, (args: CitationLinkArgs) => inserter.insertCitation(args)),
    reg(COMMANDS.checkCitations, (uri?: vscode.Uri) => checker.checkCommand(uri instanceof vscode.Uri ? uri : undefined)),
    reg(COMMANDS.addBibEntry, (args: AddBibEntryArgs) => addBibEntryCommand(args)),
    reg(COMMANDS.replaceCitationKey, (args: ReplaceKeyArgs) => checker.replaceKey(args)),
    vscode.languages.registerCompletionItemProvider(DRAFT_SELECTOR, completion, ...TRIGGER_CHARACTERS),
    vscode.languages.registerHoverProvider(DRAFT_SELECTOR, checker),
    vscode.languages.registerCodeActionsProvider(DRAFT_SELECTOR, checker, {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.Empty],
    }),
  );
  return { drafts, inserter, checker, completion };
}
