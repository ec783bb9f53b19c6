/**
 * `eval <folder> <questions.jsonl>`: brings the folder's index up to date (incremental, so a
 * second run only searches), asks every question with sources and scores retrieval: hit@1/5/10,
 * MRR@10, for multi-hop items whether every source was found, and the "not in your documents"
 * signal's flagged share of unanswerable items and false refusals of answerable ones
 * (core/eval/retrievalEval.ts).
 * `--no-index` scores the index as it is: opened read-only with the embedder it records, so a
 * finished index is scored without re-reading the folder, even while an index run holds the
 * writer lock. On a scale corpus the sources are mapped to every copy of their pages
 * (`--manifest`, or the folder's SCALE-MANIFEST.tsv; evalCorpus.ts); `--within FOLDER` searches
 * only the documents under it.
 * `--json` prints one object; otherwise a summary and the misses.
 */
import { jsonLine } from '../jsonLine';
import { readFile } from 'node:fs/promises';
import type { CliCommand } from '../command';
import { formatGraphReport, runGraphChecks, type GraphEvalReport } from '../../core/eval/graphEval';
import { evaluateRetrieval, parseQuestions, QuestionFileError, type ItemResult, type RetrievalReport } from '../../core/eval/retrievalEval';
import {
  EmbedderError,
  IndexStoreError,
  InvalidChunkOptionsError,
  indexWithEmbedder,
  openIndexForQueries,
  type OpenedIndex,
  type Retriever,
  type SearchOptions,
} from '../../core/index';
import { ocrOptions, ocrSettingsFromFlags } from '../ocrFlags';
import { createProgressView, showIndexRun } from '../progress';
import {
  UsageError,
  dbOptions,
  embedOptions,
  embedSelectionFromFlags,
  jsonOptions,
  parseCommandArgs,
  resolveDbDir,
  resolveFolder,
  stderrLogger,
  withUsage,
} from '../options';
import { formatLocation, parsePositiveInt } from './searchFormat';
import { questionsForCorpus, retrieverWithin } from './evalCorpus';
import { stdoutLinker, type LocationLinker } from '../terminalLinks';
import { terminalSafe } from '../../core/text/terminalSafe';

const usage =
  'eval <folder> <questions.jsonl> [--k N] [--embed auto|ollama|local|none] [--model-dir DIR] [--local-precision mixed|int8|fp32] [--mode auto|hybrid|fts|vector] [--include GLOB]... [--exclude GLOB]... [--db DIR] [--ocr auto|off] [--ocr-lang eng+deu] [--ocr-lang-dir DIR] [--ocr-max-pages N] [--model NAME] [--no-llm] [--no-index] [--manifest SCALE-MANIFEST.tsv] [--within FOLDER]... [--json]';

const options = {
  ...dbOptions,
  ...jsonOptions,
  ...embedOptions,
  // The same OCR flags as `index`, so scoring an index built with `--ocr off` does not OCR it first.
  ...ocrOptions,
  k: { type: 'string' },
  mode: { type: 'string' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  // Research graph checks (routing and answers) when a chat model is reachable: core/eval/graphEval.ts
  model: { type: 'string' },
  'no-llm': { type: 'boolean', default: false },
  'no-index': { type: 'boolean', default: false },
  manifest: { type: 'string' },
  within: { type: 'string', multiple: true },
} as const;

export const command: CliCommand = {
  usage,
  summary:
    "Brings the folder's index up to date, asks every question of a JSONL file that names its " +
    'sources, and scores retrieval (hit@1/5/10, MRR@10, the "not in your documents" signal).',
  run: (args) => withUsage(usage, () => runEval(args)),
};

async function runEval(args: string[]): Promise<number> {
  const started = performance.now();
  const { values, positionals } = parseCommandArgs(args, options);
  if (positionals.length > 2) throw new UsageError(`unexpected argument '${positionals[2]}'`);
  const folder = await resolveFolder(positionals[0]);
  if (!positionals[1]) throw new UsageError('missing <questions.jsonl>');
  const k = values.k === undefined ? 10 : parsePositiveInt(values.k, '--k');
  const mode = (values.mode ?? 'auto') as NonNullable<SearchOptions['mode']>;
  if (!['auto', 'hybrid', 'fts', 'vector'].includes(mode)) throw new UsageError(`--mode must be auto, hybrid, fts or vector, not '${values.mode}'`);
  const dbDir = resolveDbDir(folder, values.db);
  const selection = embedSelectionFromFlags(values);
  const ocr = ocrSettingsFromFlags(values);
  const logger = stderrLogger();
  const say = (line: string) => process.stderr.write(`${line}\n`);

  const written = await readQuestions(positionals[1], say);
  if (!written) return 1;
  const questions = await questionsForCorpus(written, folder, values.manifest, values.json ? () => undefined : say);

  // Questions are embedded by the embedder the folder was just indexed with, kept open for them.
  let embedder = null as OpenedIndex['embedder'];
  try {
    let summary: { embedder: string; documents: number };
    let index: OpenedIndex;
    if (values['no-index']) {
      index = await openIndexForQueries(
        dbDir,
        { modelDir: selection.modelDir, localPrecision: selection.localPrecision, limits: selection.limits },
        { logger, root: folder },
      );
      // index.close() closes the embedder it made.
      const stats = await index.retriever.stats();
      summary = { embedder: stats.embeddingModel ?? 'none', documents: stats.documents };
    } else {
      const progress = createProgressView(process.stderr, values.json);
      const run = indexWithEmbedder({
        root: folder,
        dbDir,
        embedding: selection,
        include: values.include,
        exclude: values.exclude,
        ocr,
        logger,
        keepEmbedder: true,
        onEmbedderChosen: (choice) => {
          embedder = choice.embedder;
          if (!values.json) say(`embeddings: ${choice.reason}`);
        },
      });
      const indexed = await showIndexRun(run, progress);
      summary = { embedder: indexed.embedder, documents: indexed.indexed + indexed.skipped };
      index = await openIndexForQueries(dbDir, { embedder }, { logger, root: folder });
    }
    const indexSeconds = (performance.now() - started) / 1000;
    let report: RetrievalReport;
    let graph: GraphEvalReport | null = null;
    let chunks: number;
    let searchStarted = 0;
    try {
      chunks = await index.store.countChunks();
      searchStarted = performance.now();
      const retriever = await retrieverWithin(index.retriever, values.within);
      const modeRetriever: Retriever = { ...retriever, search: (q: string, o?: SearchOptions) => retriever.search(q, { ...o, mode }) };
      report = await evaluateRetrieval(modeRetriever, questions, { k });
      if (!values['no-llm']) {
        const checks = await runGraphChecks({
          retriever: modeRetriever,
          jsonl: await readFile(positionals[1], 'utf8'),
          config: values.model ? { model: values.model } : {},
          logger,
        });
        graph = checks.report;
        if (!checks.report && !values.json) say(checks.reason);
      }
    } finally {
      await index.close();
    }
    const searchSeconds = (performance.now() - searchStarted) / 1000;
    const { items } = report;
    const seconds = { total: (performance.now() - started) / 1000, index: indexSeconds, search: searchSeconds };
    const result = evalResult(report, graph, { seconds, embedder: summary.embedder, mode, documentsIndexed: summary.documents, chunks });
    if (values.json) process.stdout.write(jsonLine(result));
    else {
      printReport(result, items, stdoutLinker(folder));
      if (graph) process.stdout.write(formatGraphReport(graph) + '\n');
    }
    return 0;
  } catch (error) {
    if (error instanceof IndexStoreError || error instanceof EmbedderError || error instanceof InvalidChunkOptionsError) {
      say(`error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await embedder?.close();
  }
}

/** The question file, or null after saying why it cannot be read. */
async function readQuestions(path: string, say: (line: string) => void): Promise<ReturnType<typeof parseQuestions> | null> {
  try {
    return parseQuestions(await readFile(path, 'utf8'));
  } catch (error) {
    if (error instanceof QuestionFileError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      say(`error: ${path}: ${(error as Error).message}`);
      return null;
    }
    throw error;
  }
}

/** What `eval` reports (`--json` prints it as it is): the scores, the run, the misses, the graph checks. */
function evalResult(
  report: RetrievalReport,
  graph: GraphEvalReport | null,
  run: { seconds: { total: number; index: number; search: number }; embedder: string; mode: string; documentsIndexed: number; chunks: number },
) {
  const { items, ...scores } = report;
  return {
    ...scores,
    seconds: round(run.seconds.total),
    index_seconds: round(run.seconds.index),
    search_seconds: round(run.seconds.search),
    embedder: run.embedder,
    mode: run.mode,
    documents_indexed: run.documentsIndexed,
    chunks: run.chunks,
    misses: items.filter((i) => i.firstRank === null || i.firstRank > 5).map((i) => ({ id: i.id, rank: i.firstRank })),
    ...(graph
      ? {
          graph: {
            by_kind: graph.byKind,
            routing: graph.routing,
            llm_calls: graph.llmCalls,
            seconds: round(graph.seconds),
            failures: graph.items.filter((i) => !i.passed).map((i) => ({ id: i.id, kind: i.kind, reason: i.turns.find((t) => !t.passed)?.reason })),
          },
        }
      : {}),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function printReport(
  r: Omit<RetrievalReport, 'items'> & { seconds: number; embedder: string; mode: string },
  items: ItemResult[],
  linker: LocationLinker,
): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`retrieval on ${r.questions} questions (embedder ${r.embedder}, mode ${r.mode}, ${r.seconds} s):`);
  out(`  hit@1 ${r.hit_at_1}  hit@5 ${r.hit_at_5}  hit@10 ${r.hit_at_10}  MRR@10 ${r.mrr_at_10}`);
  if (r.all_sources_hit_at_10 !== null) out(`  multi-hop (${r.multi_hop_questions}): all sources in top 10: ${r.all_sources_hit_at_10}`);
  if (r.absence) {
    const a = r.absence;
    out(
      `  not in your documents: flagged ${a.flagged_ids.length}/${a.unanswerable} unanswerable (${a.flagged}), false refusals ${a.false_refusal_ids.length}/${a.answerable} answerable (${a.false_refusals})${a.false_refusal_ids.length ? `: ${a.false_refusal_ids.join(', ')}` : ''}`,
    );
  }
  const misses = items.filter((i) => i.firstRank === null || i.firstRank > 1);
  if (misses.length === 0) return;
  out('not first:');
  for (const item of misses) {
    const rank = item.firstRank === null ? 'not in top 10' : `rank ${item.firstRank}`;
    const top = item.hits[0] ? formatLocation(item.hits[0], linker) : 'no hits';
    out(`  ${terminalSafe(`${item.id} (${rank}) ${item.question}`)}`);
    out(`     top hit: ${top}`);
  }
}
