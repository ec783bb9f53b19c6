/**
 * Vector index benchmark: `npm run bench:vector-index -- --db DIR --folder DIR [--queries FILE]... [--within FOLDER]... [--settings LIST] [--model-dir DIR]`.
 *
 * On an index whose table has an IVF vector index (a table of VECTOR_INDEX_MIN_ROWS chunks or
 * more), compares settings of how the vector list reads it (search/vectorIndexSearch.ts) by what
 * each costs and what it finds, the index opened read-only with the local model it records:
 * - the vector list alone against the exact answer (a flat scan, `bypassVectorIndex`): the share
 *   of the exact top 10 and top 40 (40 = the candidates each list fetches) it returns, and its
 *   wall and CPU milliseconds per query, question embedding excluded;
 * - hybrid search with it, scored as `eval` scores (sources mapped through the folder's
 *   SCALE-MANIFEST.tsv, core/eval/scaleManifest.ts): hit@1, hit@5, all-sources@10, and the
 *   search's p50/p95 wall milliseconds, question embedding and sentence rerank included.
 * `--settings` is `;`-separated, each `default` or `probes=N,refine=F` (e.g. `default;refine=2;probes=40,refine=2`).
 * Prints numbers and the load average, asserts nothing.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateRetrieval, parseQuestions, type EvalQuestion } from '../src/core/eval/retrievalEval';
import { documentsWithin, questionsForCorpus } from '../src/cli/commands/evalCorpus';
import { createRetriever, openIndexForQueries, type Retriever, type SearchOptions } from '../src/core/index';
import { withVectorIndexSearch, type VectorIndexSearch } from '../src/core/index/search/vectorIndexSearch';
import { sqlIn } from '../src/core/index/sql';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    folder: { type: 'string' },
    queries: { type: 'string', multiple: true },
    within: { type: 'string', multiple: true },
    settings: { type: 'string', default: 'default;refine=2;refine=5;probes=40,refine=2' },
    // dist/bench-vector-index.js -> <repo>/../shared (shared/ sits beside the checkout).
    'model-dir': { type: 'string', default: resolve(__dirname, '../../shared/models/all-MiniLM-L6-v2') },
  },
});

const CANDIDATES = 40;

async function main(): Promise<void> {
  if (!values.db || !values.folder) {
    process.stderr.write('usage: bench-vector-index --db DIR --folder DIR [--queries FILE]... [--within FOLDER]... [--settings LIST] [--model-dir DIR]\n');
    process.exit(2);
  }
  const questions = await mappedQuestions(values.folder, values.queries ?? [resolve(__dirname, '../../shared/eval/dev-questions.jsonl')]);
  const index = await openIndexForQueries(values.db, { modelDir: values['model-dir'] });
  try {
    const { store, embedder } = index;
    if (!embedder) throw new Error(`${values.db} has no embeddings`);
    const vectorIndex = (await store.table.listIndices()).find((i) => i.columns.includes('vector'));
    const paths = values.within ? await documentsWithin(index.retriever, values.within) : undefined;
    const filter = paths ? sqlIn('path', paths) : null;
    process.stdout.write(
      `bench-vector-index: ${values.db}: ${await store.countChunks()} chunks, vector index: ${vectorIndex?.indexType ?? 'none (flat scan: settings do nothing)'}` +
        `${paths ? `, searching the ${paths.length} documents under ${values.within!.join(', ')}` : ''}; ${questions.length} questions\n` +
        `machine: ${cpus().length} cores, node ${process.version}, load average ${load()}\n`,
    );
    const vectors = [];
    for (const q of questions) vectors.push(Array.from(await embedder.embedQuery(q.question)));
    const nearest = (vector: number[], limit: number) => {
      const query = store.table.query().nearestTo(vector).distanceType('cosine').select(['id']).limit(limit);
      return filter ? query.where(filter) : query;
    };
    const exact: string[][] = [];
    for (const v of vectors) exact.push(ids(await nearest(v, CANDIDATES).bypassVectorIndex().toArray()));

    for (const text of values.settings!.split(';')) {
      const settings = parseSettings(text);
      const cost = { wall: [] as number[], cpu: [] as number[] };
      let at10 = 0;
      let at40 = 0;
      for (const [i, v] of vectors.entries()) {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        const got = ids(await withVectorIndexSearch(nearest(v, CANDIDATES), settings).toArray());
        cost.wall.push(performance.now() - started);
        const used = process.cpuUsage(cpuBefore);
        cost.cpu.push((used.user + used.system) / 1000);
        at10 += overlap(got.slice(0, 10), exact[i]!.slice(0, 10)) / Math.min(10, exact[i]!.length || 1);
        at40 += overlap(got, exact[i]!) / (exact[i]!.length || 1);
      }
      const scored = await hybridScores(createRetriever(store, embedder, { vectorIndex: settings }), questions, paths);
      process.stdout.write(
        `  ${text.padEnd(20)} vector list: recall@10 ${fixed(at10 / vectors.length)} recall@40 ${fixed(at40 / vectors.length)}, ` +
          `p50 ${pct(cost.wall, 50)} ms p95 ${pct(cost.wall, 95)} ms, CPU p50 ${pct(cost.cpu, 50)} ms | hybrid: hit@1 ${scored.hit_at_1} hit@5 ${scored.hit_at_5} ` +
          `all-sources@10 ${scored.all_sources_hit_at_10 ?? '-'}, p50 ${pct(scored.ms, 50)} ms p95 ${pct(scored.ms, 95)} ms\n`,
      );
    }
    process.stdout.write(`load average after: ${load()}\n`);
  } finally {
    await index.close();
  }
}

async function mappedQuestions(folder: string, files: string[]): Promise<EvalQuestion[]> {
  const questions = (await Promise.all(files.map(async (f) => parseQuestions(await readFile(f, 'utf8'))))).flat().filter((q) => q.sources.length > 0);
  return questionsForCorpus(questions, folder, undefined, (line) => process.stdout.write(`${line}\n`));
}

/** eval's scores with hybrid search, and each search's wall milliseconds. */
async function hybridScores(retriever: Retriever, questions: EvalQuestion[], paths: string[] | undefined) {
  const ms: number[] = [];
  const timed: Retriever = {
    ...retriever,
    async search(query: string, options?: SearchOptions) {
      const started = performance.now();
      const hits = await retriever.search(query, { ...options, mode: 'hybrid', ...(paths ? { paths } : {}) });
      ms.push(performance.now() - started);
      return hits;
    },
  };
  delete timed.assessAbsence;
  return { ...(await evaluateRetrieval(timed, questions, { k: 10 })), ms };
}

function parseSettings(text: string): VectorIndexSearch {
  if (text === 'default') return {};
  const settings: VectorIndexSearch = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=');
    if (name === 'probes') settings.minimumNprobes = Number(value);
    else if (name === 'refine') settings.refineFactor = Number(value);
    else throw new Error(`unknown setting ${part}: use probes=N and refine=F`);
  }
  return settings;
}

const ids = (rows: unknown[]) => rows.map((r) => (r as { id: string }).id);
const overlap = (a: string[], b: string[]) => a.filter((id) => b.includes(id)).length;
const fixed = (n: number) => n.toFixed(3);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function pct(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
