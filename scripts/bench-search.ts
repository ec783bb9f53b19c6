/**
 * Search benchmark: `npm run bench:search -- --db DIR [--model-dir DIR] [--queries FILE]... [--rounds N] [--sentence-vectors N]`.
 *
 * Opens an existing index (built by `index` or `bench-index --child`) and times `search` in this
 * process, k = 10, per query, for:
 * - full-text: no embedder;
 * - hybrid, local: the index's own local model (MiniLM), query embedding included;
 * - hybrid, Ollama: the real `ollama` client against the scripted local server
 *   (test/support/fakeOllama.ts) answering `/api/embed` with a hashed vector of the index's
 *   dimension, so the time is our client, the HTTP round trip and the search, not a model's.
 * Each query is asked twice in a row: the second time is a turn's re-query, whose rerank sentences
 * are already in memory (sentenceVectorCache.ts). An index whose run stored sentence vectors
 * (build/sentenceVectorPass.ts; the header says) embeds none the first time either. Prints p50/p95/max wall time per mode for both,
 * with the process's CPU time per query (p50/p95), the load average before and after, and whether
 * the table has a vector index. Numbers are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFile } from 'node:fs/promises';
import { loadavg, cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createRetriever,
  openIndexForQueries,
  openIndexStore,
  type Embedder,
  type IndexStore,
  type OpenedIndex,
  type RetrieverOptions,
} from '../src/core/index';
import { OllamaEmbedder } from '../src/core/index/embed/ollama';
import { hashedEmbedding, startFakeOllama } from '../test/support/fakeOllama';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    // dist/bench-search.js -> <repo>/../shared (shared/ sits beside the checkout).
    'model-dir': { type: 'string', default: resolve(__dirname, '../../shared/models/all-MiniLM-L6-v2') },
    queries: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '3' },
    modes: { type: 'string', default: 'fts,local,ollama' },
    // Sentences per reranked hit embedded for the rerank's cosine order (RetrieverOptions.sentenceVectors).
    'sentence-vectors': { type: 'string' },
  },
});

async function main(): Promise<void> {
  if (!values.db) {
    process.stderr.write('usage: bench-search --db DIR [--model-dir DIR] [--queries FILE]... [--rounds N] [--modes fts,local,ollama] [--sentence-vectors N]\n');
    process.exit(2);
  }
  const files = values.queries ?? [resolve(__dirname, '../../shared/eval/dev-questions.jsonl')];
  const questions = (await Promise.all(files.map((f) => readFile(f, 'utf8'))))
    .flatMap((text) => text.split('\n').filter(Boolean))
    .map((line) => (JSON.parse(line) as { question?: unknown }).question)
    .filter((q): q is string => typeof q === 'string' && q.trim() !== '');
  const rounds = Number(values.rounds);
  const retrieverOptions = values['sentence-vectors'] === undefined ? {} : { sentenceVectors: Number(values['sentence-vectors']) };
  // Read-only: the benchmark may run on an index another process is still writing.
  const store = await openIndexStore(values.db, { readOnly: true });
  try {
    const indices = await store.table.listIndices();
    const vectorIndex = indices.find((i) => i.columns.includes('vector'));
    const sentenceRows = (await store.sentenceVectors.keys()).size;
    process.stdout.write(
      `bench-search: ${values.db}: ${await store.countChunks()} chunks, embeddings ${store.meta().embeddingModel ?? 'none'}, ` +
        `vector index: ${vectorIndex ? vectorIndex.indexType : 'none (flat scan)'}, ` +
        `stored sentence vectors: ${sentenceRows > 0 ? `${sentenceRows} passages` : 'none (the rerank embeds sentences)'}; ` +
        `${questions.length} queries x ${rounds} rounds, k = 10\n`,
    );
    process.stdout.write(
      `machine: ${cpus().length} cores, node ${process.version}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    for (const mode of values.modes!.split(',')) {
      const times = await timeMode(mode, store, questions, rounds, retrieverOptions);
      if (!times) continue;
      const line = (name: string, { wall, cpu }: Timings) =>
        process.stdout.write(
          `  ${name.padEnd(46)} p50 ${pct(wall, 50).toFixed(1)} ms  p95 ${pct(wall, 95).toFixed(1)} ms  max ${wall.at(-1)!.toFixed(1)} ms` +
            `  (CPU p50 ${pct(cpu, 50).toFixed(1)} ms  p95 ${pct(cpu, 95).toFixed(1)} ms)\n`,
        );
      line(label(mode), times.first);
      line(`${label(mode)}, asked again`, times.again);
    }
    process.stdout.write(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
  } finally {
    store.close();
  }
}

function label(mode: string): string {
  return mode === 'fts' ? 'full-text' : mode === 'local' ? 'hybrid, local model in-process' : 'hybrid, Ollama (scripted server)';
}

/**
 * Per-query milliseconds, each list sorted: wall time, and the CPU time of the whole process
 * (process.cpuUsage: every thread, the embedding workers and LanceDB's included). On a shared
 * machine the wall time follows the other jobs; the CPU time much less.
 */
interface Timings {
  wall: number[];
  cpu: number[];
}

/** Timings first asked and asked again, or null when the index cannot run that mode. */
async function timeMode(
  mode: string,
  store: IndexStore,
  questions: string[],
  rounds: number,
  retrieverOptions: RetrieverOptions,
): Promise<{ first: Timings; again: Timings } | null> {
  const dimension = store.meta().dimension;
  if (mode !== 'fts' && !dimension) {
    process.stdout.write(`  ${label(mode)}: skipped (the index has no embeddings)\n`);
    return null;
  }
  const server = mode === 'ollama' ? await startFakeOllama({ embed: (_m, inputs) => inputs.map((t) => hashedEmbedding(t, dimension!)) }) : null;
  let embedder: Embedder | null = null;
  // The local model as queries meet it: the one the index records (a second handle on the index, opened untimed).
  let local: OpenedIndex | null = null;
  if (mode === 'local') {
    local = await openIndexForQueries(values.db!, { modelDir: values['model-dir'] });
    embedder = local.embedder;
  } else if (server) embedder = new OllamaEmbedder({ host: server.url, model: 'nomic-embed-text' });
  else if (mode !== 'fts') throw new Error(`unknown mode ${mode}`);
  try {
    const searchMode = mode === 'fts' ? 'fts' : 'hybrid';
    // Warm-up: the first full-text query loads the index, the first embedding loads the model.
    for (const q of questions.slice(0, 3)) await createRetriever(store, embedder, retrieverOptions).search(q, { k: 10, mode: searchMode });
    const first: Timings = { wall: [], cpu: [] };
    const again: Timings = { wall: [], cpu: [] };
    for (let round = 0; round < rounds; round++) {
      // A new retriever per round: its sentence-vector cache starts empty, as in a new session.
      const retriever = createRetriever(store, embedder, retrieverOptions);
      for (const q of questions) {
        await timed(first, () => retriever.search(q, { k: 10, mode: searchMode }));
        // The same query again, as a turn's re-query: the rerank's sentence vectors are cached.
        await timed(again, () => retriever.search(q, { k: 10, mode: searchMode }));
      }
    }
    for (const list of [first.wall, first.cpu, again.wall, again.cpu]) list.sort((a, b) => a - b);
    return { first, again };
  } finally {
    await (local ? local.close() : embedder?.close());
    await server?.close();
  }
}

async function timed(into: Timings, run: () => Promise<unknown>): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  into.wall.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  into.cpu.push((used.user + used.system) / 1000);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
