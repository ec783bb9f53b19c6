/**
 * "Local Research: Check Citations" on the draft or its selection: each cited sentence against the
 * cited paper (core/manuscript/check, in the engine). A citation the paper does not support is a
 * warning in the Problems panel on its sentence, naming the paper that does say it when the
 * library has one; hovering a checked sentence shows the passage; code actions open the evidence
 * in the viewer at its page, or put the suggested paper's key in place of the cited one. Progress
 * in a notification, cancellable; what could not be read is said once, and the rest is checked.
 */
import * as vscode from 'vscode';
import type { Citation } from '../../core/graph/api';
import { isAbortError } from '../../core/llm/errors';
import type { SourceRange } from '../../core/manuscript';
import type { Logger } from '../../core/ports';
import type { CitationRegistry } from '../citations/registry';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import type { EngineCitationCheck, EngineDraftCheck } from '../engine/contract';
import type { IndexService } from '../indexing/indexService';
import { describe } from '../log';
import { abortSignalOf } from '../pure/cancellation';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { COMMANDS, OPEN_CITATION_COMMAND } from '../pure/commandIds';
import { markdownLink, markdownText, messageText, plainLabel, plainText } from '../pure/documentText';
import { diagnosticMessage } from '../pure/manuscript';
import { engineSettings } from '../pure/settings';
import type { SecretStore } from '../settings/secrets';
import { engineDraft, isDraft, type DraftTracker } from './drafts';
import type { ManuscriptInserter } from './insert';
import { engineFoldersOf, type LibraryService } from '../indexing/libraryService';

export const DIAGNOSTIC_SOURCE = 'Local Research';

/** A checked key as the editor keeps it: the check, and the citation numbers its passages open under. */
interface Checked {
  check: EngineCitationCheck;
  evidence?: CitationLinkArgs;
  suggested?: CitationLinkArgs;
}

/** A code action's arguments: the cited key's place and the paper to cite there instead. */
export interface ReplaceKeyArgs {
  uri: string;
  /** 0-based line and columns of the key. */
  line: number;
  start: number;
  end: number;
  /** The suggested paper, as the check names it. */
  path: string;
  page: number | null;
}

export function toRange(range: SourceRange): vscode.Range {
  return new vscode.Range(range.start.line - 1, range.start.column - 1, range.end.line - 1, range.end.column - 1);
}

export class CitationChecker implements vscode.Disposable, vscode.HoverProvider, vscode.CodeActionProvider {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('local-research-citations');
  private readonly results = new Map<string, Checked[]>();
  private readonly closed = vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri));

  constructor(
    private readonly deps: {
      drafts: DraftTracker;
      index: IndexService;
      /** The user's libraries, searched beside the workspace. */
      libraries?: LibraryService;
      secrets: SecretStore;
      registry: CitationRegistry;
      inserter: ManuscriptInserter;
      log: Logger;
    },
  ) {}

  /** Checks the active draft (or the last one), its selection only when one is made. */
  async checkCommand(uri?: vscode.Uri): Promise<EngineDraftCheck | undefined> {
    const active = vscode.window.activeTextEditor;
    const target = uri ?? (active && isDraft(active.document) ? active.document.uri : this.deps.drafts.lastDraft);
    if (!target) {
      void vscode.window.showInformationMessage('Local Research: open a LaTeX or Markdown draft (.tex, .md, .qmd, .Rmd) to check its citations.');
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(target);
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
    const selection = editor && !editor.selection.isEmpty ? editor.selection : undefined;
    const folders = engineFoldersOf(this.deps.index.folders, this.deps.libraries);
    if (folders.length === 0) {
      void vscode.window.showInformationMessage('Local Research: open the folder with your papers to check citations against them.');
      return undefined;
    }
    const name = vscode.workspace.asRelativePath(document.uri);
    let result: EngineDraftCheck;
    try {
      const settings = engineSettings(readConfig(), await this.deps.secrets.engineKeys());
      const checked = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Checking the citations of ${name}${selection ? ' (selection)' : ''}…`, cancellable: true },
        (progress, token) =>
          loadEngine().checkDraft({
            folders,
            settings,
            draft: engineDraft(document),
            ...(selection ? { range: { start: document.offsetAt(selection.start), end: document.offsetAt(selection.end) } } : {}),
            signal: abortSignalOf(token),
            onProgress: sentenceProgress(progress),
          }),
      );
      result = checked;
    } catch (error) {
      if (isAbortError(error)) return undefined;
      this.deps.log.warn(`check: ${name} failed`, error);
      void vscode.window.showErrorMessage(messageText(`Local Research: the citations of ${name} could not be checked: ${describe(error)}`));
      return undefined;
    }
    await this.show(document, result, selection);
    return result;
  }

  private async show(document: vscode.TextDocument, result: EngineDraftCheck, selection: vscode.Selection | undefined): Promise<void> {
    // The passages open under a turn of their own, so the viewer highlights them.
    const turn = this.deps.registry.newTurn();
    const citations: Citation[] = [];
    const linkOf = (p: NonNullable<EngineCitationCheck['evidence']>): CitationLinkArgs => {
      const index = citations.length + 1;
      citations.push({ index, file: p.path, ...(p.page !== null ? { page: p.page } : {}), text: p.text, snippet: p.text.slice(0, 200) });
      return { turn, n: index, file: p.path, ...(p.page !== null ? { page: p.page } : {}) };
    };
    const checked: Checked[] = result.checks.map((check) => ({
      check,
      ...(check.evidence ? { evidence: linkOf(check.evidence) } : {}),
      ...(check.suggested ? { suggested: linkOf(check.suggested) } : {}),
    }));
    await this.deps.registry.sources(turn, citations);
    const key = document.uri.toString();
    const kept = selection ? (this.results.get(key) ?? []).filter((c) => !toRange(c.check.sentenceRange).intersection(selection)) : [];
    this.results.set(key, [...kept, ...checked]);
    const diagnostics: vscode.Diagnostic[] = [];
    for (const { check } of this.results.get(key)!) {
      // A supported citation is said only when a library paper credits its sentence to another work.
      if (check.verdict === 'supported' && !check.attribution) continue;
      // Keys, labels and reasons quote the draft and the papers: one line of plain text.
      const severity = check.verdict === 'supported' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning;
      const diagnostic = new vscode.Diagnostic(toRange(check.sentenceRange), plainText(diagnosticMessage(check)), severity);
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = check.verdict === 'supported' ? 'attribution' : check.verdict;
      diagnostics.push(diagnostic);
    }
    for (const problem of result.problems) {
      const line = Math.max(0, problem.line - 1);
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(line, Math.max(0, problem.column - 1), line, 10_000),
        plainText(problem.message),
        vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = DIAGNOSTIC_SOURCE;
      diagnostic.code = problem.code;
      diagnostics.push(diagnostic);
    }
    this.diagnostics.set(document.uri, diagnostics);
    const flagged = result.checks.filter((c) => c.verdict !== 'supported').length;
    const summary =
      result.checks.length === 0
        ? `no citation found in ${vscode.workspace.asRelativePath(document.uri)}${selection ? "'s selection" : ''}`
        : `${result.checks.length} cited key${result.checks.length === 1 ? '' : 's'} checked: ${result.checks.length - flagged} supported, ${flagged} flagged${flagged ? ' (see the Problems panel)' : ''}`;
    this.deps.log.info(`check: ${document.uri.fsPath}: ${summary}`);
    for (const note of result.notes) this.deps.log.warn(`check: ${note}`);
    void vscode.window.showInformationMessage(messageText(`Local Research: ${summary}.${result.notes.length ? ` ${result.notes.join(' · ')}` : ''}`));
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const here = (this.results.get(document.uri.toString()) ?? []).filter((c) => toRange(c.check.sentenceRange).contains(position));
    if (here.length === 0) return undefined;
    const md = new vscode.MarkdownString();
    md.isTrusted = { enabledCommands: [OPEN_CITATION_COMMAND] };
    for (const { check, evidence, suggested } of here) {
      md.appendMarkdown(`**${markdownText(check.key)}**: ${VERDICT[check.verdict]}`);
      if (check.evidence && evidence) {
        md.appendMarkdown(` · ${openLink(check.evidence.label, evidence)}\n\n`);
        md.appendMarkdown(markdownText(quote(check.evidence.text)));
      }
      if (check.suggested && suggested) {
        md.appendMarkdown(
          `\n\n${openLink(check.suggested.label, suggested)} says this${check.suggested.key ? ` (${markdownText(check.suggested.key)})` : ''}:\n\n`,
        );
        md.appendMarkdown(markdownText(quote(check.suggested.text)));
      }
      if (check.verdict !== 'supported') md.appendMarkdown(`\n\n${markdownText(check.reason)}`);
      md.appendMarkdown('\n\n---\n\n');
    }
    return new vscode.Hover(md, toRange(here[0]!.check.sentenceRange));
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const { check, evidence, suggested } of this.results.get(document.uri.toString()) ?? []) {
      if (!toRange(check.sentenceRange).intersection(range)) continue;
      if (check.suggested && suggested) {
        const replace = new vscode.CodeAction(
          plainLabel(`Cite ${check.suggested.label}${check.suggested.key ? ` (${check.suggested.key})` : ''} instead of ${check.key}`),
          vscode.CodeActionKind.QuickFix,
        );
        const keyRange = toRange(check.keyRange);
        const args: ReplaceKeyArgs = {
          uri: document.uri.toString(),
          line: keyRange.start.line,
          start: keyRange.start.character,
          end: keyRange.end.character,
          path: check.suggested.path,
          page: check.suggested.page,
        };
        replace.command = { title: replace.title, command: COMMANDS.replaceCitationKey, arguments: [args] };
        replace.isPreferred = true;
        actions.push(replace);
        const open = new vscode.CodeAction(plainLabel(`Open ${check.suggested.label} (what the suggested paper says)`), vscode.CodeActionKind.Empty);
        open.command = { title: open.title, command: OPEN_CITATION_COMMAND, arguments: [suggested] };
        actions.push(open);
      }
      if (check.evidence && evidence) {
        const open = new vscode.CodeAction(plainLabel(`Open ${check.evidence.label} (the cited paper's closest passage)`), vscode.CodeActionKind.Empty);
        open.command = { title: open.title, command: OPEN_CITATION_COMMAND, arguments: [evidence] };
        actions.push(open);
      }
    }
    return actions;
  }

  /** The suggested paper's key in place of the cited one (its bib entry offered when the bibliography lacks it). */
  async replaceKey(args: ReplaceKeyArgs): Promise<boolean> {
    const uri = vscode.Uri.parse(args.uri);
    const document = await vscode.workspace.openTextDocument(uri);
    const plan = await this.deps.inserter.keysFor(document, [{ file: args.path, ...(args.page !== null ? { page: args.page } : {}) }]);
    const key = plan?.keys[0];
    if (!plan || !key) return false;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(args.line, args.start, args.line, args.end), key);
    if (!(await vscode.workspace.applyEdit(edit))) return false;
    await plan.addEntries();
    return true;
  }

  private forget(uri: vscode.Uri): void {
    this.results.delete(uri.toString());
    this.diagnostics.delete(uri);
  }

  dispose(): void {
    this.diagnostics.dispose();
    this.closed.dispose();
  }
}

const VERDICT: Record<EngineCitationCheck['verdict'], string> = {
  supported: 'supported',
  'other-page': 'said on another page than the one cited',
  'not-found': 'not found in the cited paper',
  contradicted: 'contradicted by the cited paper',
  'not-in-library': 'not in your library',
};

function openLink(label: string, args: CitationLinkArgs): string {
  const encoded = encodeURIComponent(JSON.stringify([args])).replace(/[()'!*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return markdownLink(label, `command:${OPEN_CITATION_COMMAND}?${encoded}`, 'Open in the viewer');
}

/** A passage shortened for a hover. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 600 ? `“${flat.slice(0, 600)}…”` : `“${flat}”`;
}

/** The notification's bar and count as cited sentences are checked ("120 of 2,000 cited sentences"). */
function sentenceProgress(progress: vscode.Progress<{ message?: string; increment?: number }>): (done: number, total: number) => void {
  let reported = 0;
  return (done, total) => {
    const percent = Math.floor((done / total) * 100);
    if (percent === reported && done !== total) return;
    progress.report({ message: `${done.toLocaleString('en')} of ${total.toLocaleString('en')} cited sentences`, increment: percent - reported });
    reported = percent;
  };
}
