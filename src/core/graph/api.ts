/**
 * The contract between the research graph and its hosts (CLI `ask`/`chat`, the VS Code chat
 * participant, tests). One call answers one user turn; everything the next turn needs travels
 * back in `TurnResult.metadata`, because VS Code chat turns are stateless.
 */
import type { PaperRef } from '../citations/citationLabel';
import type { Retriever } from '../index/types';

/** A citation as shown to the user: `[n]` in the answer maps to file + page or lines. */
export interface Citation {
  /** The `n` used in the answer text. */
  index: number;
  /** Relative path of the document. */
  file: string;
  /** 1-based physical PDF page where the cited passage starts. */
  page?: number;
  /** Last page, when the passage runs across a page break (so the fact may sit on either page). */
  pageEnd?: number;
  /** Markdown/text: 1-based inclusive line range. */
  lines?: [number, number];
  /** Short quote of the cited passage. */
  snippet?: string;
  /** The whole passage as indexed: what a viewer highlights. */
  text?: string;
  /** Content hash of the document when it was indexed, to tell a changed file. */
  docHash?: string;
  /** The paper the document is, when the library knows it: the label reads "Chaussé (2010), p. 14" (core/citations/citationLabel.ts). */
  paper?: PaperRef;
  /** The user's own words about the paper (a Zotero annotation or note): the label says "(your note)". */
  ownWords?: boolean;
}

export interface Followup {
  /** Button text. */
  label: string;
  /** What gets sent as the next user message when clicked. */
  prompt: string;
}

/** One step of the decision trail. */
export interface Decision {
  agent: string;
  decision: string;
  reason: string;
  ms: number;
}

/** What the next turn must get back on the assistant turn (ChatResult.metadata in VS Code). */
export interface TurnMetadata {
  clarificationCount: number;
  lastAgent: string;
  citations: Citation[];
  decisions: Decision[];
  conversationId: string;
  /** The clarifying question we asked, when lastAgent is the clarification agent. */
  clarifyingQuestion?: string;
}

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
  /** Present on assistant turns that we produced (absent when the host lost it). */
  metadata?: TurnMetadata;
}

export interface TurnInput {
  question: string;
  /** Earlier turns, oldest first. */
  history: HistoryTurn[];
  /**
   * Documents or folders (relative paths, as indexed) the user restricted this turn to, e.g. a
   * `#file` reference. Absent or empty: the whole index. See ./scope.
   */
  scope?: string[];
  /**
   * What the scope is, in the user's words ("your Thesis / Chapter 2 collection"): the progress line
   * says it rather than the scope's paths (a collection's scope is its papers' files).
   */
  scopeName?: string;
}

/** Streamed while a turn runs, so hosts can show progress and tokens as they come. */
export type TurnEvent =
  | { type: 'progress'; agent: string; message: string }
  | { type: 'token'; text: string }
  /** The numbered passages an answer is about to cite as [n], sent before its tokens. */
  | { type: 'sources'; citations: Citation[] }
  | { type: 'reset' } // discard streamed tokens: a validation retry regenerates the answer
  /** An LLM call has produced nothing for a while (the model may be loading): say so, and how long we wait. */
  | { type: 'waiting'; agent: string; message: string }
  | { type: 'citation'; citation: Citation };

export interface TurnResult {
  route: 'clarification' | 'answer' | 'fallback';
  /** The full text shown to the user. */
  answer: string;
  followups: Followup[];
  citations: Citation[];
  metadata: TurnMetadata;
  decisions: Decision[];
  /** LLM requests made during this turn. */
  llmCalls: number;
  /** A known failure that degraded the turn (e.g. Ollama unreachable); the answer still says what to do. */
  problem?: { code: string; message: string; action?: string };
  /** The answer says the documents do not contain it (the index's absence signal; see index/absence.ts). */
  notInDocuments?: boolean;
  /** True when the turn was cancelled through `TurnOptions.signal`; `answer` holds what was streamed so far. */
  cancelled?: boolean;
  /** Present when `TurnInput.scope` was given: the documents searched and the references not in the index. */
  scope?: { searched: string[]; notIndexed: string[] };
}

export interface TurnOptions {
  signal?: AbortSignal;
  onEvent?: (event: TurnEvent) => void;
}

/** Dependencies the host supplies; the graph never constructs them itself. */
export interface TurnDependencies {
  retriever: Retriever;
}
