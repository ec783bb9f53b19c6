/**
 * Retrieval scoring on a question file (format: test/eval/README.md).
 *
 * A hit "finds" a source when it comes from the source's file and its page range contains one of
 * the source's pages (PDFs) or its line range overlaps the source's lines (Markdown/text). Scored
 * items are those with sources (factual and multi-hop); vague and unanswerable ones are counted
 * but have nothing to retrieve.
 */
import { jsonlRecords } from './jsonl';
import type { Provenance, Retriever, SearchHit } from '../index/types';

export interface SourceLocation {
  file: string;
  /** 1-based physical pages (PDFs); empty for text files. */
  pages: number[];
  /** 1-based inclusive line range (Markdown/text), else null. */
  lines: [number, number] | null;
}

export interface EvalSource extends SourceLocation {
  /** Other places holding the same text (a scale corpus's volumes, scaleManifest.ts): a hit on any of them finds the source. */
  elsewhere?: SourceLocation[];
}

export interface EvalQuestion {
  id: string;
  kind: string;
  question: string;
  sources: EvalSource[];
}

export class QuestionFileError extends Error {
  readonly code = 'bad-question-file';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QuestionFileError';
  }
}

/** Parses JSONL question items; a malformed line fails with its line number. */
export function parseQuestions(jsonl: string): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  for (const { line, record: item } of jsonlRecords(jsonl, (message, cause) => new QuestionFileError(message, { cause }))) {
    // Conversation items (`turns`) are read too: the graph checks route every turn; retrieval
    // scoring sees the last question, the one whose answer the item's sources hold.
    const question = typeof item.question === 'string' ? item.question : lastUserTurn(item.turns);
    if (typeof item.id !== 'string' || question === undefined) {
      throw new QuestionFileError(`line ${line}: an item needs a string "id" and a "question" (or "turns" with a user turn)`);
    }
    const sources = Array.isArray(item.sources) ? item.sources.map((s, i) => parseSource(s, line, i)) : [];
    questions.push({ id: item.id, kind: typeof item.kind === 'string' ? item.kind : 'factual', question, sources });
  }
  return questions;
}

function lastUserTurn(turns: unknown): string | undefined {
  if (!Array.isArray(turns)) return undefined;
  const last = turns.filter((t) => t?.role === 'user' && typeof t.content === 'string').at(-1) as { content: string } | undefined;
  return last?.content;
}

function parseSource(raw: unknown, line: number, position: number): EvalSource {
  const source = raw as Record<string, unknown>;
  if (typeof source?.file !== 'string') throw new QuestionFileError(`line ${line}: source ${position + 1} has no "file"`);
  const pages = Array.isArray(source.pages) ? source.pages.filter((p): p is number => typeof p === 'number') : [];
  const lines =
    Array.isArray(source.lines) && source.lines.length === 2 && source.lines.every((n) => typeof n === 'number')
      ? ([source.lines[0], source.lines[1]] as [number, number])
      : null;
  return { file: source.file, pages, lines };
}

/** Does this hit come from this source's location, or from one of the places that repeat it? */
export function hitFindsSource(hit: Provenance, source: EvalSource): boolean {
  return hitIsAt(hit, source) || (source.elsewhere ?? []).some((location) => hitIsAt(hit, location));
}

function hitIsAt(hit: Provenance, source: SourceLocation): boolean {
  if (hit.path !== source.file) return false;
  if (source.pages.length > 0) {
    if (hit.pageStart === null) return false;
    const end = hit.pageEnd ?? hit.pageStart;
    return source.pages.some((page) => page >= hit.pageStart! && page <= end);
  }
  if (source.lines) {
    if (hit.lineStart === null) return false;
    const end = hit.lineEnd ?? hit.lineStart;
    return hit.lineStart <= source.lines[1] && end >= source.lines[0];
  }
  // A source with neither pages nor lines names a whole file.
  return true;
}

export interface ItemResult {
  id: string;
  kind: string;
  question: string;
  /** 1-based rank of the first hit that finds any source, or null. */
  firstRank: number | null;
  /** Per source: 1-based rank of the first hit finding it, or null. */
  sourceRanks: (number | null)[];
  hits: Provenance[];
}

export interface RetrievalScores {
  /** Items scored (those with sources). */
  questions: number;
  hit_at_1: number;
  hit_at_5: number;
  hit_at_10: number;
  mrr_at_10: number;
  /** Multi-hop items: share whose every source is found in the top 10; null when there are none. */
  all_sources_hit_at_10: number | null;
  multi_hop_questions: number;
}

export function scoreItem(question: EvalQuestion, hits: Provenance[]): ItemResult {
  const sourceRanks = question.sources.map((source) => {
    const index = hits.findIndex((hit) => hitFindsSource(hit, source));
    return index === -1 ? null : index + 1;
  });
  const found = sourceRanks.filter((r): r is number => r !== null);
  return {
    id: question.id,
    kind: question.kind,
    question: question.question,
    firstRank: found.length > 0 ? Math.min(...found) : null,
    sourceRanks,
    hits,
  };
}

export function aggregate(results: ItemResult[]): RetrievalScores {
  const scored = results.filter((r) => r.sourceRanks.length > 0);
  const multiHop = scored.filter((r) => r.kind === 'multi-hop');
  const share = (items: ItemResult[], pass: (r: ItemResult) => boolean) => (items.length === 0 ? 0 : round(items.filter(pass).length / items.length));
  const within = (k: number) => (r: ItemResult) => r.firstRank !== null && r.firstRank <= k;
  return {
    questions: scored.length,
    hit_at_1: share(scored, within(1)),
    hit_at_5: share(scored, within(5)),
    hit_at_10: share(scored, within(10)),
    mrr_at_10: scored.length === 0 ? 0 : round(scored.reduce((sum, r) => sum + (within(10)(r) ? 1 / r.firstRank! : 0), 0) / scored.length),
    all_sources_hit_at_10: multiHop.length === 0 ? null : share(multiHop, (r) => r.sourceRanks.every((rank) => rank !== null && rank <= 10)),
    multi_hop_questions: multiHop.length,
  };
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

/**
 * The "not in your documents" signal (index/absence.ts) on the question file: how many
 * unanswerable items it flags, and how many answerable ones (those with sources) it would refuse.
 */
export interface AbsenceScores {
  unanswerable: number;
  /** Share of unanswerable items flagged absent. */
  flagged: number;
  answerable: number;
  /** Share of answerable items flagged absent: a refusal where the documents hold the answer. */
  false_refusals: number;
  flagged_ids: string[];
  false_refusal_ids: string[];
}

export interface RetrievalReport extends RetrievalScores {
  k: number;
  items: ItemResult[];
  /** Null when the retriever has no absence signal. */
  absence: AbsenceScores | null;
}

/** Runs every question with sources through the retriever and scores the top `max(k, 10)` hits. */
export async function evaluateRetrieval(
  retriever: Retriever,
  questions: EvalQuestion[],
  options: { k?: number; signal?: AbortSignal } = {},
): Promise<RetrievalReport> {
  const k = Math.max(10, options.k ?? 10);
  const items: ItemResult[] = [];
  const flagged = { unanswerable: [] as string[], answerable: [] as string[] };
  let unanswerable = 0;
  for (const question of questions) {
    const isUnanswerable = question.kind === 'unanswerable';
    if (question.sources.length === 0 && !(isUnanswerable && retriever.assessAbsence)) continue;
    const hits: SearchHit[] = await retriever.search(question.question, { k, signal: options.signal });
    if (question.sources.length > 0) items.push(scoreItem(question, hits.map(provenanceOf)));
    if (!retriever.assessAbsence || (!isUnanswerable && question.sources.length === 0)) continue;
    if (isUnanswerable) unanswerable++;
    if ((await retriever.assessAbsence(question.question, hits)).absent) flagged[isUnanswerable ? 'unanswerable' : 'answerable'].push(question.id);
  }
  const answerable = items.length;
  const absence: AbsenceScores | null = retriever.assessAbsence
    ? {
        unanswerable,
        flagged: unanswerable === 0 ? 0 : round(flagged.unanswerable.length / unanswerable),
        answerable,
        false_refusals: answerable === 0 ? 0 : round(flagged.answerable.length / answerable),
        flagged_ids: flagged.unanswerable,
        false_refusal_ids: flagged.answerable,
      }
    : null;
  return { ...aggregate(items), k, items, absence };
}

function provenanceOf(hit: SearchHit): Provenance {
  return { path: hit.path, pageStart: hit.pageStart, pageEnd: hit.pageEnd, lineStart: hit.lineStart, lineEnd: hit.lineEnd };
}
