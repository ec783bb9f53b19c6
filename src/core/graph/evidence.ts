/**
 * The passages block that grading, the answer and its check share. The three requests are sent
 * the same hits in the same order (the order grading saw them), each trimmed to the run of lines
 * that carries the question's words and rendered by one function, so the requests open with the
 * same bytes and a model server that reuses the previous request's prefix (Ollama, llama.cpp,
 * vLLM) reads the passages once per turn instead of three times.
 */
import type { SearchHit } from '../index/types';
import { estimateTokens, fitCount } from '../llm/budget';
import type { Sanitise } from '../llm/controlTokens';
import { analyzeQuery } from '../index/search/query';
import { renderPassage, renderedData, type RenderedData } from './passages';

/**
 * Characters of a passage's text sent to the model (a chunk is at most ~1,150): most of it when
 * the passage holds about as many of the question's words as the best passage before it, its
 * evidence when it holds half as many, a few lines otherwise (`evidenceLimits`).
 */
export const EVIDENCE_CHARS = { strong: 700, medium: 400, weak: 200 } as const;
/** How far past `EVIDENCE_CHARS` a run goes to end its last sentence rather than cut it. */
const SENTENCE_END_CHARS = 160;

/**
 * Tokens (estimated) kept for what follows the passages in the longest of the three requests
 * besides the question: the preamble, an agent's instruction, a reviewer's feedback, the reply.
 */
const INSTRUCTION_TOKENS = 900;

export interface PassageBlock {
  /** The hits the block holds, numbered from 1 in this order. */
  hits: SearchHit[];
  data: RenderedData;
  /** Estimated tokens of the first passage (what a context too small for any passage lacks). */
  firstTokens: number;
}

/**
 * The words passages are trimmed to: the rewritten question's and the user's own. A rewrite that
 * lost the question's words (a small model's, or none when a clicked follow-up skips the
 * orchestrator) must not trim the evidence away. The same for the three agents, so their blocks
 * stay byte for byte the same.
 */
export function evidenceQuestion(state: { question: string; strategy?: { standaloneQuestion: string } | null }): string {
  const rewritten = state.strategy?.standaloneQuestion.trim() ?? '';
  const asked = state.question.trim();
  return !rewritten || rewritten === asked ? asked : `${rewritten}\n${asked}`;
}

/** Tokens the passages may take: the context less the answer, the instructions and the question (the same for the three agents). */
export function passagesBudget(numCtx: number, config: { answerTokens: number }, question: string): number {
  return numCtx - config.answerTokens - INSTRUCTION_TOKENS - estimateTokens(question);
}

/**
 * The block for `hits`, cut to the passages that fit `budgetTokens` (grading keeps one in any
 * case: `atLeastOne`); `clean` is the sanitiser of the agent's model (../runtime `promptGuard`).
 * Each passage's rendering depends only on the passages before it, so a block cut shorter is a
 * prefix of the longer one.
 */
export function passageBlock(clean: Sanitise, hits: readonly SearchHit[], question: string, budgetTokens: number, atLeastOne = false): PassageBlock {
  const rendered = renderPassages(hits, question, clean).map((r) => r + '\n\n');
  const fit = Math.max(atLeastOne ? Math.min(1, rendered.length) : 0, fitCount(rendered, budgetTokens));
  return {
    hits: hits.slice(0, fit),
    data: renderedData(rendered.slice(0, fit).join('').trimEnd()),
    firstTokens: rendered.length ? estimateTokens(rendered[0]!) : 0,
  };
}

/**
 * Each hit as a data block numbered from `numbers` (default 1, 2, …), its text trimmed to the
 * evidence. A file and its paper are named on the file's first passage; a later one names that
 * passage (`same-file-as`), and its section only when it differs from the file's passage before.
 */
export function renderPassages(
  hits: readonly SearchHit[],
  question: string,
  clean: Sanitise,
  numbers?: readonly number[],
  limits: readonly number[] = evidenceLimits(hits, question),
): string[] {
  const seen = new Map<string, { n: number; section: string | null }>();
  return hits.map((hit, i) => {
    const n = numbers?.[i] ?? i + 1;
    const earlier = seen.get(hit.path);
    seen.set(hit.path, { n: earlier?.n ?? n, section: hit.heading });
    const trimmed = { ...hit, text: evidenceOf(hit.text, question, limits[i]), ...(earlier && earlier.section === hit.heading ? { heading: null } : {}) };
    return renderPassage(trimmed, n, clean, Infinity, earlier?.n);
  });
}

/**
 * The characters each passage keeps, by how many of the question's words it holds against the
 * best passage up to it (so a passage's limit depends only on the passages before it).
 */
export function evidenceLimits(hits: readonly SearchHit[], question: string): number[] {
  const terms = questionStems(question);
  let best = 0;
  return hits.map((hit) => {
    const held = [...stemsOf(hit.text)].filter((s) => terms.has(s)).length;
    best = Math.max(best, held);
    if (held > 0 && held >= 0.8 * best) return EVIDENCE_CHARS.strong;
    return held > 0 && held >= 0.5 * best ? EVIDENCE_CHARS.medium : EVIDENCE_CHARS.weak;
  });
}

const questionStems = (question: string) => new Set(analyzeQuery(question).terms.map((t) => stem(t.toLowerCase())));

/** A crude stem, so that "smoothing" meets "smooth" and "conditions" "condition". */
const stem = (word: string) => (word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word);
const stemsOf = (text: string) => new Set((text.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) ?? []).map(stem));

/** A passage's lines (long lines split after their sentences) as character ranges. */
function segmentsOf(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const line = /[^\n]+/g;
  for (let m = line.exec(text); m; m = line.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (end - start <= 240) {
      out.push([start, end]);
      continue;
    }
    let from = start;
    const sentence = /[.!?]["')\]]?\s+/g;
    sentence.lastIndex = start;
    for (let s = sentence.exec(text); s && s.index < end; s = sentence.exec(text)) {
      const to = s.index + s[0].length;
      if (to >= end) break;
      out.push([from, to]);
      from = to;
    }
    out.push([from, end]);
  }
  return out;
}

/**
 * The run of a passage's lines, at most `maxChars` long (and the rest of its last sentence), that
 * holds the most of the question's content words, with "…" where text was left out. Text that
 * fits is sent whole.
 */
export function evidenceOf(text: string, question: string, maxChars: number = EVIDENCE_CHARS.medium): string {
  if (text.length <= maxChars) return text;
  const terms = questionStems(question);
  const segments = segmentsOf(text);
  if (segments.length === 0) return text.slice(0, maxChars) + ' …';
  const found = segments.map(([a, b]) => [...stemsOf(text.slice(a, b))].filter((s) => terms.has(s)));
  // Among the runs that hold the most words, the one that opens a line before its first match:
  // the answer usually follows the words the question shares with it, and a line of lead-in
  // keeps the sentence it starts in.
  let best = { from: 0, to: 1, score: -1, lead: Infinity };
  for (let from = 0; from < segments.length; from++) {
    const covered = new Set<string>();
    let to = from;
    let firstMatch = -1;
    for (; to < segments.length && segments[to]![1] - segments[from]![0] <= maxChars; to++) {
      for (const s of found[to]!) covered.add(s);
      if (firstMatch < 0 && found[to]!.length > 0) firstMatch = to;
    }
    const lead = firstMatch < 0 ? Infinity : Math.abs(firstMatch - from - 1);
    if (covered.size > best.score || (covered.size === best.score && lead < best.lead)) best = { from, to: Math.max(from + 1, to), score: covered.size, lead };
  }
  const start = segments[best.from]![0];
  let end = Math.min(segments[best.to - 1]![1], start + maxChars);
  // A run that stops inside a sentence goes on to its end when that is near ("… ten times as many" loses the answer).
  if (!/[.!?:;]["')\]]?\s*$/.test(text.slice(start, end))) {
    const stop = /[.!?](?=["')\]]?(\s|$))/g;
    stop.lastIndex = end;
    const next = stop.exec(text);
    if (next && next.index + 1 - end <= SENTENCE_END_CHARS) end = next.index + 1;
  }
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.trimEnd().length ? ' …' : ''}`;
}
