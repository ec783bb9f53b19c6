/**
 * End-to-end checks of the research graph on evaluation items (when an LLM is reachable):
 * - routing: vague items should get a clarifying question, others an answer;
 * - answers: factual/multi-hop answers cite a source location; unanswerable items say the
 *   documents do not contain it (and do not cite the near miss as if it answered);
 * - conversations: each turn routed as expected, with our metadata carried between turns.
 * Scoring is deliberately simple and printed per kind; it never decides anything in the product.
 */
import { jsonlRecords } from './jsonl';
import type { HistoryTurn, TurnInput, TurnResult } from '../graph/api';
import { resolveConfig, type ResearchConfigInput } from '../graph/config';
import { createResearchAssistant } from '../graph/runTurn';
import type { Retriever } from '../index/types';
import { createOllamaClient } from '../llm/ollamaClient';
import type { Logger } from '../ports';

export interface GraphEvalSource {
  file: string;
  pages: number[];
  lines?: [number, number] | null;
}

export interface GraphEvalItem {
  id: string;
  kind: string;
  /** Single-turn items. */
  question?: string;
  /** Conversation items: user turns, each with its expected outcome. */
  turns?: Array<{ content: string; expected: string }>;
  expected: string;
  sources: GraphEvalSource[];
}

export interface GraphEvalTurn {
  question: string;
  expected: string;
  route: TurnResult['route'];
  passed: boolean;
  reason: string;
  llmCalls: number;
  ms: number;
}

export interface GraphEvalResult {
  id: string;
  kind: string;
  passed: boolean;
  turns: GraphEvalTurn[];
}

export interface GraphEvalReport {
  items: GraphEvalResult[];
  byKind: Record<string, { passed: number; total: number }>;
  /** Turns whose route (clarify vs answer) matched the expectation. */
  routing: { correct: number; total: number };
  llmCalls: number;
  seconds: number;
}

export class GraphEvalFileError extends Error {
  readonly code = 'bad-eval-file';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GraphEvalFileError';
  }
}

/** Reads question and conversation items (JSONL) into one shape. */
export function parseGraphEvalItems(jsonl: string): GraphEvalItem[] {
  const items: GraphEvalItem[] = [];
  for (const { line, record: raw } of jsonlRecords(jsonl, (message, cause) => new GraphEvalFileError(message, { cause }))) {
    const id = String(raw.id ?? `line-${line}`);
    const kind = String(raw.kind ?? 'factual');
    const sources = Array.isArray(raw.sources) ? (raw.sources as GraphEvalSource[]) : [];
    if (Array.isArray(raw.turns)) {
      const turns = (raw.turns as Array<Record<string, unknown>>)
        .filter((t) => (t.role ?? 'user') === 'user')
        .map((t) => ({ content: String(t.content ?? ''), expected: String(t.expected ?? 'answer') }));
      items.push({ id, kind, turns, expected: String(raw.expected ?? 'answer'), sources });
    } else if (typeof raw.question === 'string') {
      items.push({ id, kind, question: raw.question, expected: String(raw.expected ?? 'answer'), sources });
    } else {
      throw new GraphEvalFileError(`line ${line}: needs "question" or "turns"`);
    }
  }
  return items;
}

/** Phrases a model uses to say the documents lack the answer (eval scoring only). */
const NOT_IN_DOCS =
  /(do(?:es)?n['’]t|do(?:es)? not) (seem to )?(contain|cover|mention|say|include)|not (found|mentioned|covered|in the (provided )?(documents|passages))|no (information|passage|mention)|cannot find|couldn['’]t find/i;

function citesSource(result: TurnResult, sources: GraphEvalSource[]): boolean {
  return result.citations.some((c) =>
    sources.some((s) => {
      if (c.file !== s.file) return false;
      if (s.pages?.length && c.page !== undefined) return s.pages.some((p) => Math.abs(p - c.page!) <= 1);
      if (s.lines && c.lines) return c.lines[0] <= s.lines[1] && c.lines[1] >= s.lines[0];
      return !s.pages?.length;
    }),
  );
}

function judge(expected: string, result: TurnResult, sources: GraphEvalSource[]): { passed: boolean; reason: string } {
  if (expected === 'clarify') {
    return result.route === 'clarification'
      ? { passed: true, reason: 'asked a clarifying question' }
      : { passed: false, reason: `expected a clarifying question, got ${result.route}` };
  }
  if (result.route === 'clarification') return { passed: false, reason: 'asked a clarifying question instead of answering' };
  if (expected === 'not_in_corpus') {
    return result.notInDocuments || NOT_IN_DOCS.test(result.answer)
      ? { passed: true, reason: 'said the documents do not contain it' }
      : { passed: false, reason: 'answered although the documents do not contain it' };
  }
  if (sources.length === 0) return { passed: result.route === 'answer', reason: result.route };
  return citesSource(result, sources)
    ? { passed: true, reason: 'cited a source location' }
    : { passed: false, reason: `no citation of ${sources.map((s) => s.file).join(', ')} at the expected place` };
}

export type TurnRunner = (input: TurnInput) => Promise<TurnResult>;

export async function evaluateGraph(items: GraphEvalItem[], run: TurnRunner, onItem?: (result: GraphEvalResult) => void): Promise<GraphEvalReport> {
  const started = performance.now();
  const results: GraphEvalResult[] = [];
  let llmCalls = 0;
  let routed = 0;
  let turnsTotal = 0;
  for (const item of items) {
    const userTurns = item.turns ?? [{ content: item.question ?? '', expected: item.expected }];
    let history: HistoryTurn[] = [];
    const turns: GraphEvalTurn[] = [];
    for (const [i, turn] of userTurns.entries()) {
      const t = performance.now();
      const result = await run({ question: turn.content, history });
      // Intermediate turns of a conversation are judged on routing only.
      const last = i === userTurns.length - 1;
      const verdict =
        last || turn.expected === 'clarify' ? judge(turn.expected, result, item.sources) : { passed: result.route !== 'clarification', reason: result.route };
      const routeOk = (turn.expected === 'clarify') === (result.route === 'clarification');
      routed += routeOk ? 1 : 0;
      turnsTotal += 1;
      llmCalls += result.llmCalls;
      turns.push({
        question: turn.content,
        expected: turn.expected,
        route: result.route,
        passed: verdict.passed,
        reason: verdict.reason,
        llmCalls: result.llmCalls,
        ms: Math.round(performance.now() - t),
      });
      history = [...history, { role: 'user', content: turn.content }, { role: 'assistant', content: result.answer, metadata: result.metadata }];
    }
    const itemResult = { id: item.id, kind: item.kind, passed: turns.every((t) => t.passed), turns };
    results.push(itemResult);
    onItem?.(itemResult);
  }
  const byKind: GraphEvalReport['byKind'] = {};
  for (const r of results) {
    byKind[r.kind] ??= { passed: 0, total: 0 };
    byKind[r.kind].total += 1;
    byKind[r.kind].passed += r.passed ? 1 : 0;
  }
  return { items: results, byKind, routing: { correct: routed, total: turnsTotal }, llmCalls, seconds: (performance.now() - started) / 1000 };
}

/** Whether the graph checks can run: Ollama answers and has the chat model. */
export async function chatModelReachable(options: { host?: string | null; model: string }): Promise<boolean> {
  try {
    await createOllamaClient({ host: options.host ?? null, readyTimeoutMs: 2000 }).checkReady([options.model]);
    return true;
  } catch {
    return false;
  }
}

export function formatGraphReport(report: GraphEvalReport): string {
  const lines = ['research graph (LLM) checks:'];
  for (const [kind, s] of Object.entries(report.byKind)) lines.push(`  ${kind}: ${s.passed}/${s.total}`);
  lines.push(`  routing (clarify vs answer): ${report.routing.correct}/${report.routing.total} turns`);
  lines.push(`  LLM calls: ${report.llmCalls}, ${report.seconds.toFixed(1)} s`);
  for (const item of report.items.filter((i) => !i.passed)) {
    const bad = item.turns.find((t) => !t.passed)!;
    lines.push(`  ✗ ${item.id} (${item.kind}): ${bad.reason}`);
  }
  return lines.join('\n');
}

/**
 * The hook for the `eval` command: when the chat model is reachable, runs every item of the
 * question file(s) through the research graph and returns the report; null (with the reason)
 * when no LLM is reachable, so eval stays a retrieval-only run on machines without Ollama.
 */
export async function runGraphChecks(options: {
  retriever: Retriever;
  /** JSONL text of question and/or conversation items. */
  jsonl: string;
  config?: ResearchConfigInput;
  logger?: Logger;
  onItem?: (result: GraphEvalResult) => void;
}): Promise<{ report: GraphEvalReport } | { report: null; reason: string }> {
  const config = resolveConfig(options.config);
  if (!(await chatModelReachable({ host: config.ollamaHost, model: config.models.synthesis }))) {
    return { report: null, reason: `no chat model ${config.models.synthesis} reachable: LLM checks skipped` };
  }
  const assistant = createResearchAssistant({
    retriever: options.retriever,
    ...(options.config ? { config: options.config } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  try {
    return { report: await evaluateGraph(parseGraphEvalItems(options.jsonl), (input) => assistant.runTurn(input), options.onItem) };
  } finally {
    await assistant.dispose();
  }
}
