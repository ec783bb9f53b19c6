/**
 * How far each question of the given sets is from "not in your documents" (index/search/absence.ts),
 * on a finished index (read-only): `node --require tsx/cjs scripts/absence-margins.ts --db INDEX
 * --corpus DIR --mode fts|hybrid [--plain] SET.jsonl...`. Prints per question its verdict, the
 * coverage of the top passages together, the coverage inside the best passage (`single`; below 0.5
 * refuses) and the words no top passage holds. `--plain` reads every question as one document's,
 * without a table's rows holding a ranking word's value (the rules of "a table row and two papers'
 * parts answer" off), to compare. Numbers are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseQuestions } from '../src/core/eval/retrievalEval';
import { openIndexForQueries } from '../src/core/index';
import { gatherEvidence, judgeAbsence, singleCoverage } from '../src/core/index/search/absence';
import { asksAcrossDocuments } from '../src/core/index/search/acrossDocuments';
import { MIN_MENTION, SIDE_BY_SIDE_MENTION } from '../src/core/index/search/paperGroups';
import { indexTermLookup } from '../src/core/index/search/termLookup';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string' },
    corpus: { type: 'string' },
    mode: { type: 'string', default: 'fts' },
    'model-dir': { type: 'string', default: '/work/shared/models/all-MiniLM-L6-v2' },
    plain: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const index = await openIndexForQueries(values.db!, { modelDir: values['model-dir']! }, { root: values.corpus! });
  const lookup = indexTermLookup(index.store);
  const total = await lookup.total();
  try {
    for (const file of positionals) {
      for (const q of parseQuestions(await readFile(file, 'utf8'))) {
        if (q.sources.length === 0 && q.kind !== 'unanswerable') continue;
        const hits = await index.retriever.search(q.question, { k: 10, mode: values.mode as 'fts' | 'hybrid' });
        // As the retriever's assessAbsence (search.ts) reads the question.
        const allowed = new Set(hits.map((h) => h.path));
        const mentions = (await index.papers.current()).namedBy(q.question).filter((m) => m.strength >= MIN_MENTION && allowed.has(m.path));
        const across =
          !values.plain &&
          asksAcrossDocuments(
            q.question,
            mentions.filter((m) => m.strength >= SIDE_BY_SIDE_MENTION),
          );
        const evidence = await gatherEvidence(q.question, hits, lookup, new Map(mentions.map((m) => [m.path, new Set(m.words)])), across);
        if (values.plain) for (const term of evidence.terms) delete term.valueIn;
        const verdict = judgeAbsence(evidence, total);
        const { single } = singleCoverage(evidence, total);
        const uncovered = evidence.terms.filter((e) => !e.covered && !e.misspelt).map((e) => e.term);
        const rules = `${across ? 'across' : ''}${evidence.terms.some((e) => e.valueIn) ? ' table' : ''}`;
        process.stdout.write(
          `${file.split('/').pop()}\t${q.id}\t${q.kind}\t${verdict.absent ? 'absent' : 'answered'}\tconfidence ${verdict.confidence}\tsingle ${single.toFixed(2)}\tuncovered ${uncovered.join(',')}\t${rules.trim()}\n`,
        );
      }
    }
  } finally {
    await index.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
