/**
 * Research graph benchmark: `npm run bench:graph -- [--db DIR] [--turns N] [--questions FILE]`.
 *
 * Runs whole turns (gate → orchestrator → research → synthesis → validation) against a scripted
 * Ollama that answers instantly, on a real index (`--db DIR`; the figure is for the ~20,000-page
 * scale corpus from ../shared/eval/make-scale-corpus.sh, indexed with `index <corpus> --db DIR --embed none`).
 * Per-turn overhead = wall time minus the time spent inside LLM chat requests (request sent →
 * last byte of the reply); it includes retrieval, prompt rendering, the graph itself, the
 * readiness check and tracing. Also times orchestrator layers 1 and 2 in microseconds. Numbers
 * are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { openIndexForQueries, type Retriever } from '../src/core/index';
import { createOllamaClient } from '../src/core/llm/ollamaClient';
import type { LlmClient } from '../src/core/llm/llmClient';
import { createResearchAssistant } from '../src/core/graph/runTurn';
import { decideWithoutLlm } from '../src/core/graph/nodes/orchestrator';
import type { HistoryTurn, TurnMetadata } from '../src/core/graph/api';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { startFakeOllama } from '../test/support/fakeOllama';
import { scriptAgents } from '../test/support/scriptedAgents';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    turns: { type: 'string', default: '60' },
    // dist/bench-graph.js -> <repo>/../shared (shared/ sits beside the checkout).
    questions: { type: 'string', default: resolve(__dirname, '../../shared/eval/dev-questions.jsonl') },
  },
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (ms: number) => ms.toFixed(2);

async function main(): Promise<void> {
  const questions = readFileSync(values.questions!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).question as string)
    .filter(Boolean);
  if (!values.db || !existsSync(values.db)) {
    process.stderr.write(
      `no index at ${values.db ?? '(none given)'}: build one first, e.g.\n  node dist/cli.js index <scale-corpus> --db DIR --embed none\nthen: npm run bench:graph -- --db DIR\n`,
    );
    process.exitCode = 2;
    return;
  }
  const index = await openIndexForQueries(values.db!, {});
  const base = index.retriever;
  const stats = await base.stats();
  const docs = await base.listDocuments();
  const pages = docs.reduce((n, d) => n + (d.pages ?? 0), 0);

  // Time spent in retrieval, to show where the overhead goes.
  let searchMs = 0;
  const retriever: Retriever = {
    search: async (q, o) => {
      const t = performance.now();
      try {
        return await base.search(q, o);
      } finally {
        searchMs += performance.now() - t;
      }
    },
    listDocuments: () => base.listDocuments(),
    stats: () => base.stats(),
  };

  const agents = scriptAgents({
    orchestrator: (body) => {
      const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      return JSON.stringify({
        decision: 'research',
        reasoning: 'specific',
        missing_context: '',
        intent: 'factual',
        standalone_question: last,
        sub_queries: [last],
        document_filters: [],
      });
    },
    synthesis:
      'According to the manual, the default is the value given in the cited passage [1], and it can be changed with the option described there [2]. '.repeat(2),
  });
  const fake = await startFakeOllama({ chat: (b) => agents.chat(b), contextLength: 8192 });

  // Wall time inside chat requests = waiting on the LLM; everything else is our overhead.
  let llmMs = 0;
  const ollama = createOllamaClient({ host: fake.url });
  const timed: LlmClient = {
    ...ollama,
    host: ollama.host,
    chatJson: async (r) => {
      const t = performance.now();
      try {
        return await ollama.chatJson(r);
      } finally {
        llmMs += performance.now() - t;
      }
    },
    chatStream: async (r) => {
      const t = performance.now();
      try {
        return await ollama.chatStream(r);
      } finally {
        llmMs += performance.now() - t;
      }
    },
    contextLength: (m, s) => ollama.contextLength(m, s),
    checkReady: (m, s) => ollama.checkReady(m, s),
  };
  const assistant = createResearchAssistant({ retriever, llm: timed, config: { model: 'llama3.2' }, tracer: undefined });

  const meta = (m: Partial<TurnMetadata>): TurnMetadata => ({
    clarificationCount: 0,
    lastAgent: 'validation',
    citations: [],
    decisions: [],
    conversationId: 'bench',
    ...m,
  });
  const histories: Array<{ kind: string; history: (q: string) => HistoryTurn[] }> = [
    { kind: 'layer 3', history: () => [] },
    {
      kind: 'layer 2',
      history: (q) => [
        { role: 'user', content: q.split(' ').slice(0, 4).join(' ') },
        { role: 'assistant', content: 'Which one do you mean?', metadata: meta({ clarificationCount: 1, lastAgent: 'clarification' }) },
      ],
    },
    {
      kind: 'layer 1',
      history: (q) => [
        { role: 'user', content: q },
        { role: 'assistant', content: 'Which one?', metadata: meta({ clarificationCount: 2, lastAgent: 'clarification' }) },
      ],
    },
  ];

  const turns = Number(values.turns);
  const overheads: number[] = [];
  const walls: number[] = [];
  const searches: number[] = [];
  const cpu: number[] = [];
  const orchestratorMs: Record<string, number[]> = { 'layer 1': [], 'layer 2': [], 'layer 3': [] };
  const stepMs = new Map<string, number[]>();
  let cold = 0;
  let calls = 0;
  for (let i = -1; i < turns; i++) {
    const question = questions[(i + questions.length) % questions.length];
    const shape = histories[(i + 3) % histories.length];
    llmMs = 0;
    searchMs = 0;
    const t = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await assistant.runTurn({ question, history: shape.history(question) });
    const wall = performance.now() - t;
    const cpuUsed = process.cpuUsage(cpuBefore);
    if (result.route !== 'answer') throw new Error(`unexpected route ${result.route}: ${result.answer}`);
    if (i < 0) {
      cold = wall;
      continue;
    }
    calls += result.llmCalls;
    walls.push(wall);
    overheads.push(wall - llmMs);
    searches.push(searchMs);
    cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    orchestratorMs[shape.kind].push(result.decisions.find((d) => d.agent === 'orchestrator')!.ms);
    for (const d of result.decisions) {
      const key = `${d.agent}:${d.decision}`;
      stepMs.set(key, [...(stepMs.get(key) ?? []), d.ms]);
    }
  }

  // Layers 1-2 as pure decisions, many times over.
  const N = 200_000;
  const l1 = { clarificationCount: 2, previousWasClarification: false, question: 'q' };
  const l2 = { clarificationCount: 1, previousWasClarification: true, question: 'q' };
  let t = performance.now();
  for (let i = 0; i < N; i++) decideWithoutLlm(l1, 2);
  const layer1Us = ((performance.now() - t) * 1000) / N;
  t = performance.now();
  for (let i = 0; i < N; i++) decideWithoutLlm(l2, 2);
  const layer2Us = ((performance.now() - t) * 1000) / N;

  // Framework floor for comparison: a LangGraph graph of five no-op nodes, like a research turn's path.
  const Trivial = Annotation.Root({ x: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });
  const trivial = new StateGraph(Trivial)
    .addNode('a', async () => ({ x: 1 }))
    .addNode('b', async () => ({ x: 1 }))
    .addNode('c', async () => ({ x: 1 }))
    .addNode('d', async () => ({ x: 1 }))
    .addNode('e', async () => ({ x: 1 }))
    .addEdge(START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('c', 'd')
    .addEdge('d', 'e')
    .addEdge('e', END)
    .compile();
  const floor: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await trivial.invoke({ x: 0 });
    floor.push(performance.now() - started);
  }

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const o = sorted(overheads);
  const w = sorted(walls);
  const s = sorted(searches);
  const out = (line: string) => process.stdout.write(line + '\n');
  const [load1] = loadavg();
  out(`machine: ${cpus().length} cores, load average (1 min) ${load1.toFixed(2)} at the end of the run`);
  out(`index: ${values.db} — ${stats.documents} documents, ${pages} pages, ${stats.chunks} chunks, embeddings: ${stats.embeddingModel ?? 'none (full-text)'}`);
  out(`turns: ${turns} (+1 cold), ${calls} LLM calls to a scripted Ollama answering instantly`);
  out(`cold first turn (loads LangGraph, opens tables): ${fmt(cold)} ms`);
  out(`per-turn overhead (wall minus LLM request time): p50 ${fmt(percentile(o, 50))} ms, p95 ${fmt(percentile(o, 95))} ms, max ${fmt(o[o.length - 1])} ms`);
  out(`  of which retrieval (search calls): p50 ${fmt(percentile(s, 50))} ms, p95 ${fmt(percentile(s, 95))} ms`);
  const c = sorted(cpu);
  out(`  process CPU per turn (all threads, incl. LanceDB and the in-process fake server): p50 ${fmt(percentile(c, 50))} ms, p95 ${fmt(percentile(c, 95))} ms`);
  out(`per-turn wall time incl. the instant LLM: p50 ${fmt(percentile(w, 50))} ms, p95 ${fmt(percentile(w, 95))} ms`);
  for (const kind of ['layer 1', 'layer 2', 'layer 3']) {
    const xs = sorted(orchestratorMs[kind]);
    if (xs.length)
      out(
        `orchestrator node decision (${kind}, ${xs.length} turns, from the trail): p50 ${(percentile(xs, 50) * 1000).toFixed(1)} µs, p95 ${(percentile(xs, 95) * 1000).toFixed(1)} µs`,
      );
  }
  out('decision-trail steps (p50 ms, LLM time included where the step calls it):');
  for (const [key, xs] of stepMs) out(`  ${key}: ${fmt(percentile(sorted(xs), 50))}`);
  const f = sorted(floor);
  out(`LangGraph floor (5 no-op nodes, 100 invokes, same process): p50 ${fmt(percentile(f, 50))} ms, p95 ${fmt(percentile(f, 95))} ms`);
  out(`layer-1 decision (pure function, ${N} runs): ${layer1Us.toFixed(3)} µs each`);
  out(`layer-2 decision (pure function, ${N} runs): ${layer2Us.toFixed(3)} µs each`);
  await assistant.dispose();
  await fake.close();
  await index.close();
}

main().catch((error) => {
  process.stderr.write(`bench-graph failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
