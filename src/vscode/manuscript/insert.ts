/**
 * From the chat into the draft: "Insert citations" and "Insert answer" under an answer, "insert" on
 * each paper of its Sources list. The text goes to the cursor of the last draft editor
 * (./drafts.ts) in the draft's own style: `\citep[p.~14]{key}` (or `\parencite`, `\cite`) in
 * LaTeX, `[@key, p. 14]` in Markdown, with the page as the PDF prints it. A paper the draft's
 * bibliography lacks gets a generated entry, added only if the writer accepts (./bibEntries.ts).
 * Inserted as text, never as a snippet (`\`, `$` and `}` would be snippet syntax).
 */
import * as vscode from 'vscode';
import { answerText, citationText, type CitationRequest } from '../../core/manuscript';
import type { Citation } from '../../core/graph/api';
import type { Logger } from '../../core/ports';
import type { CitationRegistry } from '../citations/registry';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import type { EngineCitedPlace, EngineInsertPlan } from '../engine/contract';
import type { IndexService } from '../indexing/indexService';
import { describe } from '../log';
import type { CitationLinkArgs } from '../pure/citationLinks';
import { engineSettings } from '../pure/settings';
import type { SecretStore } from '../settings/secrets';
import { messageText } from '../pure/documentText';
import { addBibEntries, askBibEntries } from './bibEntries';
import { engineDraft, type DraftTracker } from './drafts';
import { engineFoldersOf, type LibraryService } from '../indexing/libraryService';

/** What the insert commands take: an answer's turn (the chat's button), or one cited place (a Sources link). */
export interface InsertTurnArgs {
  turn: string;
}

export interface InsertResult {
  /** The text inserted at the cursor; undefined when nothing was inserted. */
  inserted?: string;
  /** Keys whose generated entries were added to the bibliography. */
  added: string[];
  notes: string[];
}

export class ManuscriptInserter {
  constructor(
    private readonly deps: {
      drafts: DraftTracker;
      index: IndexService;
      /** The user's libraries, searched beside the workspace. */
      libraries?: LibraryService;
      secrets: SecretStore;
      registry: CitationRegistry;
      log: Logger;
    },
  ) {}

  /** Every paper the answer cites, as one citation at the cursor. */
  async insertCitations(args: InsertTurnArgs): Promise<InsertResult | undefined> {
    const cited = this.citedOf(args);
    if (!cited) return undefined;
    return this.insert('the citations', cited, (plan) => ({
      text: citationText(
        plan.style,
        plan.requests.filter((r): r is CitationRequest => r !== null),
      ),
      notes: [],
    }));
  }

  /** The answer's text, its `[n]` markers as citations. */
  async insertAnswer(args: InsertTurnArgs): Promise<InsertResult | undefined> {
    const cited = this.citedOf(args);
    const answer = this.deps.registry.get(args.turn)?.answer;
    if (!cited || answer === undefined) {
      if (cited) void vscode.window.showWarningMessage('Local Research: this answer is no longer remembered: ask again to insert it.');
      return undefined;
    }
    return this.insert('the answer', cited, (plan) => {
      const sources = new Map<number, CitationRequest>();
      cited.forEach((c, i) => {
        const request = plan.requests[i];
        if (request) sources.set(c.index, request);
      });
      const converted = answerText(plan.style, answer, sources);
      const left = converted.unknownMarkers.map((n) => `[${n}]`);
      return { text: converted.text, notes: left.length ? [`${left.join(', ')} cite${left.length === 1 ? 's' : ''} no paper: left as written`] : [] };
    });
  }

  /** One cited place (a Sources link's arguments). */
  async insertCitation(args: CitationLinkArgs): Promise<InsertResult | undefined> {
    const known = this.deps.registry.get(args.turn)?.citations.find((c) => c.index === args.n && c.file === args.file);
    const place: Citation = known ?? { index: args.n, file: args.file, ...(args.page !== undefined ? { page: args.page } : {}) };
    return this.insert('the citation', [place], (plan) => ({
      text: citationText(
        plan.style,
        plan.requests.filter((r): r is CitationRequest => r !== null),
      ),
      notes: [],
    }));
  }

  /**
   * The writer's keys for places to cite in `document` (a check's suggested paper), with the bib
   * entries the bibliography lacks added once `addEntries` runs, if the writer accepts them.
   * Undefined when the writer closed the question or planning failed (said).
   */
  async keysFor(document: vscode.TextDocument, places: EngineCitedPlace[]): Promise<{ keys: Array<string | null>; addEntries(): Promise<void> } | undefined> {
    const plan = await this.plan(
      document,
      places.map((p, i) => ({ index: i + 1, ...p })),
      'the citation',
    );
    if (!plan) return undefined;
    let accepted = false;
    if (plan.bibEdits.length > 0) {
      const answer = await askBibEntries(plan.bibEdits, 'Add and cite', 'Cite without it');
      if (answer === undefined) return undefined;
      accepted = answer === 'accept';
    }
    return {
      keys: plan.requests.map((r) => r?.key ?? null),
      addEntries: async () => {
        if (!accepted) return;
        for (const problem of await addBibEntries(plan.bibEdits)) void vscode.window.showErrorMessage(messageText(`Local Research: ${problem}`));
      },
    };
  }

  private async plan(document: vscode.TextDocument, places: readonly Citation[], what: string): Promise<EngineInsertPlan | undefined> {
    const folders = engineFoldersOf(this.deps.index.folders, this.deps.libraries);
    try {
      const sources: EngineCitedPlace[] = places.map((c) => ({
        file: c.file,
        ...(c.page !== undefined ? { page: c.page } : {}),
        ...(c.pageEnd !== undefined ? { pageEnd: c.pageEnd } : {}),
      }));
      return await loadEngine().planInsertion({
        folders,
        settings: engineSettings(readConfig(), await this.deps.secrets.engineKeys()),
        draft: engineDraft(document),
        sources,
      });
    } catch (error) {
      this.deps.log.warn('insert: planning the citations failed', error);
      void vscode.window.showErrorMessage(`Local Research: ${what} could not be prepared: ${describe(error)}`);
      return undefined;
    }
  }

  /** The answer's cited passages, in the order it cites them; undefined (said) when the turn is forgotten. */
  private citedOf(args: InsertTurnArgs): Citation[] | undefined {
    const turn = this.deps.registry.get(args?.turn);
    if (!turn) {
      void vscode.window.showWarningMessage('Local Research: this answer is no longer remembered: ask again to insert its citations.');
      return undefined;
    }
    const numbers = turn.cited ?? turn.citations.map((c) => c.index);
    return numbers.flatMap((n) => turn.citations.filter((c) => c.index === n));
  }

  private async insert(
    what: string,
    places: readonly Citation[],
    compose: (plan: EngineInsertPlan) => { text: string; notes: string[] },
  ): Promise<InsertResult | undefined> {
    const editor = await this.deps.drafts.editor();
    if (!editor) {
      await this.deps.drafts.offerToOpen(what);
      return undefined;
    }
    const plan = await this.plan(editor.document, places, what);
    if (!plan) return undefined;
    const { text, notes } = compose(plan);
    const allNotes = [...plan.notes, ...notes];
    if (!text.trim() || plan.requests.every((r) => r === null)) {
      void vscode.window.showWarningMessage(
        messageText(`Local Research: nothing to insert: ${allNotes.join(' ') || 'the answer cites no paper of the library'}`),
      );
      return { added: [], notes: allNotes };
    }
    let addEntries = false;
    if (plan.bibEdits.length > 0) {
      const answer = await askBibEntries(plan.bibEdits, 'Add and insert', 'Insert without it');
      if (answer === undefined) return undefined;
      addEntries = answer === 'accept';
    }
    // Back in the draft at the writer's cursor (the chat or the viewer had the focus).
    const target = await this.deps.drafts.editor();
    if (!target) {
      await this.deps.drafts.offerToOpen(what);
      return undefined;
    }
    const inserted = await target.edit((edit) => edit.replace(target.selection, text));
    if (!inserted) {
      void vscode.window.showErrorMessage(`Local Research: ${what} could not be inserted into ${vscode.workspace.asRelativePath(target.document.uri)}.`);
      return undefined;
    }
    const added: string[] = [];
    if (addEntries) {
      const problems = await addBibEntries(plan.bibEdits);
      for (const problem of problems) void vscode.window.showErrorMessage(messageText(`Local Research: ${problem}`));
      if (problems.length === 0) added.push(...plan.bibEdits.flatMap((e) => e.entries.map((entry) => entry.key)));
    }
    this.deps.log.info(`insert: ${what} into ${target.document.uri.fsPath}${added.length ? `; entries added: ${added.join(', ')}` : ''}`);
    if (allNotes.length > 0) void vscode.window.showInformationMessage(messageText(`Local Research: ${allNotes.join(' · ')}`));
    return { inserted: text, added, notes: allNotes };
  }
}
