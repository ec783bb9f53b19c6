/**
 * What one research turn makes a local model read:
 * `node --require tsx/cjs scripts/bench-tokens.ts --db INDEX --corpus FOLDER --questions FILE [--questions FILE]... [--model-dir DIR] [--label NAME] [--json OUT]`
 * (`npm run bench:tokens -- …`).
 *
 * Runs every question of the files as one turn (fresh history, in file order, one after the
 * other on one server) through the real graph and the product's Ollama client, against a scripted
 * Ollama answering as the pass-through model (./bench-tokens/passThrough.ts), and counts per turn:
 * model calls; characters and Llama 3 tokens sent; tokens the server must read when it reuses the
 * longest common prefix of the previous request (./bench-tokens/prefixCache.ts); tokens read
 * before the first answer token (every call up to and including the streamed answer); the output
 * tokens allowed (`num_predict`) before it; the wall time to the first answer token with the
 * instant model (what our own code costs), and per step of the decision trail. Median and 90th
 * percentile over the turns. A guard on trimming: the share of the questions with an `evidence`
 * quote whose quote reaches the answering model (the synthesis request holds it, letters and
 * digits compared). The index is opened read-only. Numbers are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openIndexForQueries, type Retriever } from '../src/core/index';
import { createResearchAssistant } from '../src/core/graph/runTurn';
import { startFakeOllama, type ChatRequestBody } from '../test/support/fakeOllama';
import { agentOf } from '../test/support/scriptedAgents';
import { passThroughModel } from './bench-tokens/passThrough';
import { PrefixCacheServer, type RequestCost } from './bench-tokens/prefixCache';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    corpus: { type: 'string' },
    questions: { type: 'string', multiple: true },
    'model-dir': { type: 'string' },
    label: { type: 'string' },
    json: { type: 'string' },
  },
});

interface TurnCount {
  id: string;
  route: string;
  calls: number;
  chars: number;
  tokens: number;
  read: number;
  /** Tokens read (prefix reused) / sent (no reuse) up to and including the call that streamed the answer. */
  readBeforeAnswer: number;
  sentBeforeAnswer: number;
  /** `num_predict` of the calls before the streamed answer: the most the model may write before it. */
  outputCapBeforeAnswer: number;
  msToFirstToken: number | null;
  /** The question has an evidence quote; the synthesis request holds one (null: no synthesis request). */
  hasEvidence: boolean;
  evidenceSent: boolean | null;
  steps: Array<{ step: string; ms: number }>;
  perCall: Array<{ agent: string } & RequestCost>;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest rank: the smallest value at or above 90% of the turns. */
function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(0.9 * s.length) - 1)]!;
}

interface Question {
  id: string;
  question: string;
  evidence?: Array<{ text: string }>;
}

function readQuestions(files: string[]): Question[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Partial<Question>)
      .filter((r): r is Question => typeof r.question === 'string'),
  );
}

/** Letters and digits only, lower case: an evidence quote matches whatever the spacing, hyphenation or line breaks. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

async function main(): Promise<void> {
  if (!values.db || !existsSync(values.db) || !values.questions?.length) {
    process.stderr.write(
      'usage: bench-tokens --db INDEX --corpus FOLDER --questions FILE [--questions FILE]... [--model-dir DIR] [--label NAME] [--json OUT]\n',
    );
    process.exitCode = 2;
    return;
  }
  const questions = readQuestions(values.questions);
  const index = await openIndexForQueries(values.db, { modelDir: values['model-dir'] ?? null }, values.corpus ? { root: values.corpus } : {});
  const stats = await index.retriever.stats();

  let current = '';
  const fake = await startFakeOllama({ chat: passThroughModel(() => current), contextLength: 131072 });
  // Time in each of the index's calls, to show where our own time before the answer goes.
  const indexMs = new Map<string, number>();
  const clocked = <T>(name: string, run: () => Promise<T>) => {
    const t = performance.now();
    return run().finally(() => indexMs.set(name, (indexMs.get(name) ?? 0) + performance.now() - t));
  };
  const base = index.retriever;
  const retriever: Retriever = {
    ...base,
    search: (q, o) => clocked('search', () => base.search(q, o)),
    listDocuments: () => clocked('listDocuments', () => base.listDocuments()),
    ...(base.assessAbsence
      ? { assessAbsence: (q: string, h: Parameters<NonNullable<Retriever['assessAbsence']>>[1]) => clocked('assessAbsence', () => base.assessAbsence!(q, h)) }
      : {}),
    ...(base.papers ? { papers: () => clocked('papers', () => base.papers!()) } : {}),
    ...(base.namedPapers ? { namedPapers: (q: string) => clocked('namedPapers', () => base.namedPapers!(q)) } : {}),
  };
  const assistant = createResearchAssistant({ retriever, config: { model: 'llama3.2', ollamaHost: fake.url }, tracer: undefined });
  const server = new PrefixCacheServer();
  const numCtxSeen = new Map<string, Set<unknown>>();
  const keepAliveSeen = new Set<string>();
  const turns: TurnCount[] = [];

  for (const { id, question, evidence = [] } of questions) {
    current = question;
    const before = fake.requests.length;
    indexMs.clear();
    const started = performance.now();
    let firstToken: number | null = null;
    let callsBeforeToken = 0;
    const result = await assistant.runTurn(
      { question, history: [] },
      {
        onEvent: (event) => {
          if (event.type === 'token' && firstToken === null) {
            firstToken = performance.now() - started;
            callsBeforeToken = fake.requests.slice(before).filter((r) => r.path === '/api/chat').length;
          }
        },
      },
    );
    const bodies = fake.requests
      .slice(before)
      .filter((r) => r.path === '/api/chat')
      .map((r) => r.body as ChatRequestBody & { keep_alive?: unknown });
    const perCall = bodies.map((body) => {
      numCtxSeen.set(body.model, (numCtxSeen.get(body.model) ?? new Set()).add(body.options?.num_ctx));
      keepAliveSeen.add(JSON.stringify(body.keep_alive ?? null));
      return { agent: agentOf(body), ...server.read(body) };
    });
    // The token event of a streamed answer arrives while its request is open: that call counts.
    const synthesis = bodies.find((b) => b.stream);
    const sent = synthesis ? bare(synthesis.messages.map((m) => m.content).join('\n')) : null;
    const upTo = firstToken === null ? perCall.length : callsBeforeToken;
    const sum = (calls: typeof perCall, pick: (c: (typeof perCall)[number]) => number) => calls.reduce((n, c) => n + pick(c), 0);
    turns.push({
      id,
      route: result.route + (result.notInDocuments ? ' (not in documents)' : ''),
      calls: perCall.length,
      chars: sum(perCall, (c) => c.chars),
      tokens: sum(perCall, (c) => c.tokens),
      read: sum(perCall, (c) => c.read),
      readBeforeAnswer: sum(perCall.slice(0, upTo), (c) => c.read),
      sentBeforeAnswer: sum(perCall.slice(0, upTo), (c) => c.tokens),
      outputCapBeforeAnswer: bodies.slice(0, Math.max(0, upTo - 1)).reduce((n, b) => n + Number(b.options?.num_predict ?? 0), 0),
      msToFirstToken: firstToken,
      hasEvidence: evidence.length > 0,
      evidenceSent: sent === null ? null : evidence.some((e) => sent.includes(bare(e.text))),
      steps: [
        ...result.decisions.map((d) => ({ step: `${d.agent}:${d.decision}`, ms: d.ms })),
        ...[...indexMs].map(([name, ms]) => ({ step: `index.${name}`, ms })),
      ],
      perCall,
    });
  }

  const out = (line: string) => process.stdout.write(line + '\n');
  const row = (name: string, xs: number[], digits = 0) => out(`| ${name} | ${median(xs).toFixed(digits)} | ${p90(xs).toFixed(digits)} |`);
  out(`${values.label ?? 'questions'}: ${turns.length} turns from ${values.questions.join(', ')}`);
  out(`index: ${values.db} (${stats.documents} documents, ${stats.chunks} chunks, embeddings: ${stats.embeddingModel ?? 'none (full-text)'})`);
  out(`routes: ${[...count(turns.map((t) => t.route))].map(([r, n]) => `${r} ${n}`).join(', ')}`);
  out(`num_ctx per model: ${[...numCtxSeen].map(([m, s]) => `${m}: ${[...s].join(', ')}`).join('; ')}; keep_alive sent: ${[...keepAliveSeen].join(', ')}`);
  out('');
  out('| per turn | median | p90 |');
  out('|---|---|---|');
  row(
    'model calls',
    turns.map((t) => t.calls),
  );
  row(
    'characters sent',
    turns.map((t) => t.chars),
  );
  row(
    'tokens sent (Llama 3)',
    turns.map((t) => t.tokens),
  );
  row(
    'tokens read, prefix of the previous request reused',
    turns.map((t) => t.read),
  );
  row(
    'tokens sent before the first answer token',
    turns.map((t) => t.sentBeforeAnswer),
  );
  row(
    'tokens read before the first answer token (prefix reused)',
    turns.map((t) => t.readBeforeAnswer),
  );
  row(
    'output tokens allowed before the first answer token',
    turns.map((t) => t.outputCapBeforeAnswer),
  );
  const timed = turns.flatMap((t) => (t.msToFirstToken === null ? [] : [t.msToFirstToken]));
  if (timed.length) row('ms to the first answer token, instant model', timed, 1);
  const withEvidence = turns.filter((t) => t.hasEvidence);
  out('');
  out(`evidence quote in the synthesis request: ${withEvidence.filter((t) => t.evidenceSent).length} of the ${withEvidence.length} questions that have one`);
  out(`ms per step of the decision trail (median, instant model): ${[...byStep(turns)].map(([step, ms]) => `${step} ${median(ms).toFixed(1)}`).join(', ')}`);
  out('');
  out('| call (mean over turns) | characters sent | tokens sent | tokens reused | tokens read |');
  out('|---|---|---|---|---|');
  for (const [agent, calls] of byAgent(turns)) {
    const mean = (pick: (c: RequestCost) => number) => Math.round(calls.reduce((n, c) => n + pick(c), 0) / calls.length);
    out(`| ${agent} (${calls.length} calls) | ${mean((c) => c.chars)} | ${mean((c) => c.tokens)} | ${mean((c) => c.reused)} | ${mean((c) => c.read)} |`);
  }
  out('');
  out(`machine: ${cpus().length} cores, load average (1 min) ${loadavg()[0]!.toFixed(2)} at the end of the run`);
  if (values.json) writeFileSync(values.json, JSON.stringify(turns, null, 1));
  await assistant.dispose();
  await fake.close();
  await index.close();
}

function count(xs: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function byStep(turns: TurnCount[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const t of turns) for (const s of t.steps) m.set(s.step, [...(m.get(s.step) ?? []), s.ms]);
  return m;
}

function byAgent(turns: TurnCount[]): Map<string, RequestCost[]> {
  const m = new Map<string, RequestCost[]>();
  for (const t of turns) for (const c of t.perCall) m.set(c.agent, [...(m.get(c.agent) ?? []), c]);
  return m;
}

main().catch((error) => {
  process.stderr.write(`bench-tokens failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
