/**
 * The citations of recent answers, by turn. A link in the chat carries only its turn and number
 * (plus where to open, should the turn be forgotten); the passage text to highlight, the sentence
 * to emphasise and the other citations of the same answer come from here. Kept in the workspace
 * state, so links in a chat restored after a reload still highlight.
 */
import * as vscode from 'vscode';
import { randomUUID } from 'node:crypto';
import type { Citation } from '../../core/graph/api';
import { claimOf } from '../../core/citations/claims';
import { bestSentence } from '../../core/citations/emphasis';

const KEY = 'citations.turns';
const MAX_TURNS = 100;

export interface CitedTurn {
  /** What the answer cites, then the passages it was given but did not cite. */
  citations: Citation[];
  /** The numbers the final answer cites (absent while it streams). */
  cited?: number[];
  /** Citation number -> the passage's sentence that best matches the answer's claim. */
  emphasis: Record<number, string>;
  /** The final answer's text with its `[n]` markers (for "Insert answer"; absent while it streams). */
  answer?: string;
}

export class CitationRegistry implements vscode.Disposable {
  private readonly finished = new vscode.EventEmitter<{ turn: string; cited: Citation[] }>();
  /** An answer is complete: what it cites (the PDF viewer prepares those pages' previews). */
  readonly onDidFinish = this.finished.event;

  constructor(private readonly memento: vscode.Memento) {}

  dispose(): void {
    this.finished.dispose();
  }

  newTurn(): string {
    return randomUUID();
  }

  get(turn: string): CitedTurn | undefined {
    return this.all()[turn];
  }

  /** The passages an answer is about to cite; `finish` replaces them with what it did cite. */
  sources(turn: string, citations: Citation[]): Thenable<void> {
    return this.put(turn, { citations, emphasis: {} });
  }

  finish(turn: string, citations: Citation[], answer: string): Thenable<void> {
    const known = this.get(turn)?.citations ?? [];
    // Passages offered but not cited stay: a marker in the streamed text may still point at them.
    const merged = [...citations, ...known.filter((k) => !citations.some((c) => c.index === k.index))];
    const emphasis: Record<number, string> = {};
    for (const c of merged) {
      const sentence = c.text ? bestSentence(c.text, claimOf(answer, c.index)) : null;
      if (sentence) emphasis[c.index] = sentence;
    }
    const stored = this.put(turn, { citations: merged, cited: citations.map((c) => c.index), emphasis, answer });
    this.finished.fire({ turn, cited: citations });
    return stored;
  }

  /** The latest cited passage at a file's page (for a PDF opened from a plain `#page=N` link). */
  latestAt(file: string, page: number): { turn: CitedTurn; citation: Citation } | undefined {
    const turns = Object.values(this.all()).reverse();
    for (const turn of turns) {
      const citation = turn.citations.find((c) => c.file === file && c.page === page);
      if (citation) return { turn, citation };
    }
    return undefined;
  }

  private all(): Record<string, CitedTurn> {
    return this.memento.get<Record<string, CitedTurn>>(KEY, {});
  }

  private put(turn: string, value: CitedTurn): Thenable<void> {
    const all = { ...this.all() };
    delete all[turn];
    all[turn] = value;
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_TURNS))) delete all[old];
    return this.memento.update(KEY, all);
  }
}
