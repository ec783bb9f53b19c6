/**
 * The whole research graph on question sets, answered by the pass-through scripted model
 * (./bench-tokens/passThrough.ts), against any build of the project:
 * `node --require tsx/cjs scripts/eval-graph-passthrough.ts --db INDEX --corpus DIR --mode fts|hybrid
 *  [--repo CHECKOUT] [--model-dir DIR] [--out FILE.tsv] SET.jsonl...`
 *
 * `--repo` names the checkout whose graph and retriever run (default: this one), so two builds
 * (main and one from before a change) are scored by the same scripted model and the same
 * judge (core/eval/graphEval.ts: the answer cites an expected file at its page ±1; unanswerable
 * ones say the documents lack it). The model never decides what is retrieved: it researches the
 * question as asked, grades relevant the passages holding half its words and cites two of them,
 * so the score is the graph's retrieval, grading input and citations without a model's judgement.
 * Open the index read-only (`--db` a copy when the build might migrate it). Numbers are printed,
 * never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateGraph, parseGraphEvalItems } from '../src/core/eval/graphEval';
import type { TurnInput, TurnResult } from '../src/core/graph/api';
import type { Retriever, SearchOptions } from '../src/core/index';
import { startFakeOllama } from '../test/support/fakeOllama';
import { passThroughModel } from './bench-tokens/passThrough';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    repo: { type: 'string', default: resolve(__dirname, '..') },
    db: { type: 'string' },
    corpus: { type: 'string' },
    mode: { type: 'string', default: 'fts' },
    'model-dir': { type: 'string' },
    out: { type: 'string' },
    // The model reads each passage's header (file, paper title) with its text (passThrough.ts).
    headers: { type: 'boolean', default: false },
    // No model at all: the graph's own answer without one (quoted passages, "not in your documents").
    'no-llm': { type: 'boolean', default: false },
  },
});

interface Build {
  openIndexForQueries: (
    db: string,
    embedding: { modelDir: string | null },
    options: { root?: string },
  ) => Promise<{ retriever: Retriever; close(): Promise<void> }>;
  createResearchAssistant: (options: { retriever: Retriever; config: { model: string; ollamaHost: string }; tracer: undefined; llm?: null }) => {
    runTurn(input: TurnInput): Promise<TurnResult>;
    dispose(): Promise<void>;
  };
}

async function main(): Promise<void> {
  if (!values.db || positionals.length === 0) {
    process.stderr.write('usage: eval-graph-passthrough --db INDEX --corpus DIR --mode fts|hybrid [--repo DIR] [--model-dir DIR] SET.jsonl...\n');
    process.exitCode = 2;
    return;
  }
  const repo = resolve(values.repo);
  const build: Build = { ...require(resolve(repo, 'src/core/index')), ...require(resolve(repo, 'src/core/graph/runTurn')) };
  const index = await build.openIndexForQueries(values.db, { modelDir: values['model-dir'] ?? null }, values.corpus ? { root: values.corpus } : {});
  let current = '';
  const fake = await startFakeOllama({ chat: passThroughModel(() => current, values.headers), contextLength: 131072 });
  const mode = values.mode as SearchOptions['mode'];
  // The mode a search names stands (the graph asks full-text alone for a word's rarity): --mode is
  // what the user's setting would be, the mode of every search that names none.
  const retriever: Retriever = { ...index.retriever, search: (q: string, o?: SearchOptions) => index.retriever.search(q, { ...o, mode: o?.mode ?? mode }) };
  const assistant = build.createResearchAssistant({
    retriever,
    config: { model: 'llama3.2', ollamaHost: fake.url },
    tracer: undefined,
    ...(values['no-llm'] ? { llm: null } : {}),
  });
  const rows = ['set\tid\tpassed\treason'];
  process.stdout.write(
    `repo ${repo}, ${values.db}, mode ${mode}${values.headers ? ', model reads headers' : ''}${values['no-llm'] ? ', no model' : ''}; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  try {
    for (const file of positionals) {
      const items = parseGraphEvalItems(await readFile(file, 'utf8'));
      const lastResult = new Map<string, TurnResult>();
      const report = await evaluateGraph(items, async (input) => {
        current = input.question;
        const result = await assistant.runTurn(input);
        const item = items.find((q) => q.question === input.question);
        if (item) lastResult.set(item.id, result);
        return result;
      });
      // Items whose sources are in several files need a citation of each file (page ±1).
      const multi = items.filter((q) => new Set(q.sources.map((s) => s.file)).size > 1);
      const each = multi.filter((q) => {
        const result = lastResult.get(q.id);
        return result !== undefined && !result.notInDocuments && q.sources.every((s) => result.citations.some((c) => c.file === s.file));
      });
      const refused = items.filter((q) => q.expected === 'answer' && q.sources.length > 0 && lastResult.get(q.id)?.notInDocuments);
      const answerable = report.items.filter((i) => !['unanswerable', 'vague'].includes(i.kind) && (items.find((q) => q.id === i.id)?.sources.length ?? 0) > 0);
      const passed = answerable.filter((i) => i.passed).length;
      const other = report.items.filter((i) => !answerable.includes(i));
      const name = file.split('/').pop();
      process.stdout.write(
        `${name}: answerable cited at the expected page ${passed} / ${answerable.length}; others passed ${other.filter((i) => i.passed).length} / ${other.length}; ` +
          `answerable refused ${refused.length}${refused.length ? ` (${refused.map((q) => q.id).join(' ')})` : ''}` +
          `${
            multi.length
              ? `; several papers, each cited ${each.length} / ${multi.length}${
                  each.length < multi.length
                    ? ` (not: ${multi
                        .filter((q) => !each.includes(q))
                        .map((q) => q.id)
                        .join(' ')})`
                    : ''
                }`
              : ''
          }` +
          `${
            report.items.some((i) => !i.passed)
              ? `; failed: ${report.items
                  .filter((i) => !i.passed)
                  .map((i) => i.id)
                  .join(' ')}`
              : ''
          }\n`,
      );
      for (const item of report.items) {
        const cited = (lastResult.get(item.id)?.citations ?? []).map((c) => `${c.file}:${c.page ?? ''}`).join(' ');
        rows.push(`${name}\t${item.id}\t${item.passed}\t${item.turns.find((t) => !t.passed)?.reason ?? ''}\t${cited}`);
      }
    }
  } finally {
    await assistant.dispose();
    await index.close();
    await fake.close();
  }
  process.stdout.write(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  if (values.out) await writeFile(values.out, rows.join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
