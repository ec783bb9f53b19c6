/**
 * Every retrieval question set, full-text against hybrid, on finished indexes (read-only):
 * `node --require tsx/cjs scripts/eval-modes.ts [--out FILE.tsv] [--only SET,...] [--modes fts,hybrid] [--options JSON]`.
 *
 * Opens each corpus's indexes once (the lead's /work/scratch/idx ones by default: `--idx DIR`)
 * and scores every set of that corpus in both modes with the same code as `eval --no-index
 * --no-llm` (core/eval/retrievalEval.ts): hit@1, hit@5, MRR@10, answerable questions refused as
 * "not in your documents", unanswerable ones flagged. Prints one table row per set and mode, and
 * marks a set where hybrid is below full-text. `--out` writes every question's first rank per
 * mode (TSV), to compare two builds question by question. Numbers are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateRetrieval, parseQuestions, type RetrievalReport } from '../src/core/eval/retrievalEval';
import { openIndexForQueries, type Retriever, type RetrieverOptions, type SearchOptions } from '../src/core/index';

const repo = resolve(__dirname, '..');
const shared = resolve(repo, '../../shared');
const { values } = parseArgs({
  options: {
    idx: { type: 'string', default: '/work/scratch/idx' },
    corpora: { type: 'string', default: '/work/corpus' },
    'model-dir': { type: 'string', default: resolve(shared, 'models/all-MiniLM-L6-v2') },
    out: { type: 'string' },
    only: { type: 'string' },
    modes: { type: 'string', default: 'fts,hybrid' },
    // Retriever options to try (RetrieverOptions as JSON, e.g. '{"sentenceRerank":0}').
    options: { type: 'string', default: '{}' },
  },
});

interface Corpus {
  name: 'manuals' | 'papers';
  sets: Record<string, string>;
}

const corpora: Corpus[] = [
  {
    name: 'manuals',
    sets: {
      'manuals dev': resolve(shared, 'eval/dev-questions.jsonl'),
      'held-out 1': resolve(repo, 'test/eval/heldout-1.jsonl'),
      'held-out 2': resolve(repo, 'test/eval/heldout-2.jsonl'),
      'held-out 3': resolve(repo, 'test/eval/heldout-3.jsonl'),
      'titles-heldout-1': resolve(repo, 'test/eval/titles-heldout-1.jsonl'),
      'titles-heldout-2': resolve(repo, 'test/eval/titles-heldout-2.jsonl'),
      'titles-heldout-3': resolve(repo, 'test/eval/titles-heldout-3.jsonl'),
      'scanned-1': resolve(repo, 'test/eval/scanned-1.jsonl'),
      'unanswerable-1': resolve(repo, 'test/eval/unanswerable-1.jsonl'),
      'unanswerable-2': resolve(repo, 'test/eval/unanswerable-2.jsonl'),
      'unanswerable-3': resolve(repo, 'test/eval/unanswerable-3.jsonl'),
    },
  },
  {
    name: 'papers',
    sets: {
      'papers dev': resolve(shared, 'eval/papers/dev-questions.jsonl'),
      'papers held-out 1': resolve(repo, 'test/eval/papers-heldout-1.jsonl'),
      'papers held-out 2': resolve(repo, 'test/eval/papers-heldout-2.jsonl'),
      'papers held-out 3': resolve(repo, 'test/eval/papers-heldout-3.jsonl'),
      'papers held-out 4': resolve(repo, 'test/eval/papers-heldout-4.jsonl'),
      'papers held-out 5': resolve(repo, 'test/eval/papers-heldout-5.jsonl'),
    },
  },
];

async function main(): Promise<void> {
  const only = values.only ? new Set(values.only.split(',')) : null;
  const modes = values.modes.split(',') as ('fts' | 'hybrid')[];
  const retrieverOptions = JSON.parse(values.options) as RetrieverOptions;
  const rows: string[] = ['set\tid\tmode\trank'];
  process.stdout.write(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  process.stdout.write('| set | mode | answerable | hit@1 | hit@5 | MRR@10 | refused | unanswerable flagged |\n|---|---|---|---|---|---|---|---|\n');
  for (const corpus of corpora) {
    const sets = Object.entries(corpus.sets).filter(([name]) => !only || only.has(name));
    if (sets.length === 0) continue;
    for (const mode of modes) {
      const index = await openIndexForQueries(
        resolve(values.idx, `${corpus.name}-${mode}`),
        { modelDir: values['model-dir'] },
        { ...retrieverOptions, root: resolve(values.corpora, corpus.name) },
      );
      try {
        const retriever: Retriever = { ...index.retriever, search: (q: string, o?: SearchOptions) => index.retriever.search(q, { ...o, mode }) };
        for (const [name, file] of sets) {
          const report = await evaluateRetrieval(retriever, parseQuestions(await readFile(file, 'utf8')));
          process.stdout.write(tableRow(name, mode, report));
          for (const item of report.items) rows.push(`${name}\t${item.id}\t${mode}\t${item.firstRank ?? '-'}`);
        }
      } finally {
        await index.close();
      }
    }
  }
  process.stdout.write(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  if (values.out) await writeFile(values.out, rows.join('\n') + '\n');
}

function tableRow(name: string, mode: string, report: RetrievalReport): string {
  const absence = report.absence;
  const refused = absence ? `${absence.false_refusal_ids.length}${absence.false_refusal_ids.length ? ` (${absence.false_refusal_ids.join(' ')})` : ''}` : '-';
  const flagged = absence && absence.unanswerable > 0 ? `${absence.flagged_ids.length} / ${absence.unanswerable}` : '-';
  const n = report.questions;
  if (n === 0) return `| ${name} | ${mode} | 0 | - | - | - | - | ${flagged} |\n`;
  return `| ${name} | ${mode} | ${n} | ${report.hit_at_1.toFixed(2)} | ${report.hit_at_5.toFixed(2)} | ${report.mrr_at_10.toFixed(3)} | ${refused} | ${flagged} |\n`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
