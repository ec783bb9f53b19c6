/**
 * The research graph's state: one annotation, each field with its reducer and default beside it.
 * A turn starts from `initialState` (rebuilt from the host's history, see ./history) and every
 * loop below is bounded by a counter kept here, so LangGraph's recursion limit is never reached.
 */
import { Annotation } from '@langchain/langgraph';
import type { Citation, Decision, Followup } from './api';
import type { Absence, DocumentInfo, LibraryPaper, NamedPaper, SearchHit } from '../index/types';
import type { NextAgent } from './nodeNames';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** How to search, decided by the orchestrator (layer 3) or by query analysis in research. */
export interface Strategy {
  intent: string;
  /** The question rewritten to stand on its own. */
  standaloneQuestion: string;
  subQueries: string[];
  /** Document paths the user named (resolved against the index); empty: all documents. */
  documentFilters: string[];
}

export interface ValidationResult {
  grounded: boolean;
  relevant: boolean;
  score: number;
  feedback: string;
  unsupported: string[];
}

/** One synthesis attempt, kept so the best can be returned when validation keeps failing. */
export interface DraftAttempt {
  answer: string;
  citations: Citation[];
  score: number;
}

/** What grading was sent and found: synthesis and validation are sent the same passages (./evidence). */
export interface GradedPassages {
  /** The passages in the order grading saw them, numbered from 1. */
  hits: SearchHit[];
  /** The numbers grading called relevant. */
  relevant: number[];
}

export interface TurnProblem {
  code: string;
  message: string;
  action?: string;
}

export type Route = 'clarification' | 'answer' | 'fallback';

const replace = <T>(_old: T, next: T): T => next;
const last = <T>(initial: () => T) => Annotation<T>({ reducer: replace, default: initial });

export const ResearchState = Annotation.Root({
  /** The conversation, oldest first; the last entry is the current user question. */
  messages: Annotation<ChatMessage[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** The current user question (also the last message). */
  question: last<string>(() => ''),
  /** Clarifying questions asked in a row, carried across turns in the metadata. */
  clarificationCount: last<number>(() => 0),
  /** Whether the previous assistant turn was our clarifying question (known only from our metadata). */
  previousWasClarification: last<boolean>(() => false),
  /** The clarifying question we asked last turn, when there was one. */
  previousClarifyingQuestion: last<string | null>(() => null),
  /** The node that ran last. */
  lastAgent: last<string>(() => ''),
  /** Where the last node wants to go; routers read it and return a literal node name. */
  nextAgent: last<NextAgent>(() => ''),
  /** Nodes run so far in this turn (a guard, summed). */
  iteration: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
  /** The orchestrator's verdict: ask the user first. */
  clarificationNeeded: last<boolean>(() => false),
  /** What the question lacks, in a few words (orchestrator, for the clarification agent). */
  missingContext: last<string>(() => ''),
  /** Search plan; null until the orchestrator or query analysis sets it. */
  strategy: last<Strategy | null>(() => null),
  /** Documents in the index (read once by the gate; used to resolve names the user used). */
  documents: last<DocumentInfo[]>(() => []),
  /** The papers of the library: documents whose record names a paper (read once by the gate). */
  papers: last<LibraryPaper[]>(() => []),
  /** The papers the user's question names by author and year, title or citekey (gate), strongest first. */
  namedPapers: last<NamedPaper[]>(() => []),
  /** Retrieved chunks, merged across sub-queries and re-queries, best first, de-duplicated. */
  chunks: last<SearchHit[]>(() => []),
  /** The passages the last grading was sent, and which it called relevant; null when nothing was graded. */
  graded: last<GradedPassages | null>(() => null),
  /** Quality of the retrieved chunks as graded by the LLM (0..1); null when not graded. */
  qualityScore: last<number | null>(() => null),
  /** Reformulated searches done so far (bounded by maxRequeries). */
  requeryCount: last<number>(() => 0),
  /** Queries for the next re-query pass. */
  pendingQueries: last<string[]>(() => []),
  /** The index's verdict on whether the retrieved chunks lack the answer (index/absence.ts); null: not judged. */
  absence: last<Absence | null>(() => null),
  /** The turn answered "not in your documents" (notFound node, or the extractive path). */
  notInDocuments: last<boolean>(() => false),
  /** Retrieval found little or nothing relevant: synthesis must say so rather than stretch. */
  evidenceWeak: last<boolean>(() => false),
  /** The current answer draft (clarifying question on the clarification route). */
  draftAnswer: last<string>(() => ''),
  /** Citations of the draft, numbered as in its text. */
  citations: last<Citation[]>(() => []),
  /** Passages synthesis was given, numbered from 1 (what `[n]` refers to). */
  passages: last<SearchHit[]>(() => []),
  /** Last validation verdict; null when not validated. */
  validationResult: last<ValidationResult | null>(() => null),
  /** Feedback from validation for the next synthesis attempt. */
  feedback: last<string>(() => ''),
  /** Regenerations after failed validation (bounded by maxValidationRetries). */
  retryCount: last<number>(() => 0),
  /** Every synthesis attempt with its validation score. */
  attempts: Annotation<DraftAttempt[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** Suggested next messages (clarification options). */
  followups: last<Followup[]>(() => []),
  /** How the turn ended. */
  route: last<Route>(() => 'answer'),
  /** A known failure that degraded the turn. */
  problem: last<TurnProblem | null>(() => null),
  /** Decision trail: agent, decision, reason, milliseconds. */
  decisions: Annotation<Decision[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** Stable across the turns of one conversation (Langfuse session). */
  conversationId: last<string>(() => ''),
  /** Unique per turn (Langfuse trace id, log lines). */
  correlationId: last<string>(() => ''),
});

export type ResearchStateType = typeof ResearchState.State;
export type ResearchUpdate = typeof ResearchState.Update;
