/**
 * Calibrates the check's thresholds on one split of a manuscript set: every combination of the
 * grid below, replaying each sentence's searches and passages from memory (read once), scored as
 * scripts/eval-manuscript.ts scores. `node --require tsx/cjs scripts/manuscript-eval/grid.ts --db DIR
 * [--set DIR] [--split calibration|report|all] [--papers PAPERS.tsv]`. Prints one line per combination, best
 * last: correct supported + wrong flagged + wrong-paper named.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openIndexForQueries, openPaperLibrary, type Retriever } from '../../src/core/index';
import { scanBib } from '../../src/core/manuscript/bib/bibScan';
import { fromLatex } from '../../src/core/manuscript/bib/latexText';
import { checkCitations } from '../../src/core/manuscript/check/checkCitations';
import type { CitationCheck, CitationLibrary } from '../../src/core/manuscript/check/citationCheck';
import { draftFormatOf, parseDraft } from '../../src/core/manuscript/parse/parseDraft';
import { titleSimilarity } from '../../src/core/papers/normalize';
import type { Label } from './score';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    set: { type: 'string', default: resolve(__dirname, '../../test/eval/manuscript') },
    split: { type: 'string', default: 'calibration' },
    papers: { type: 'string', default: '/work/shared/eval/papers/PAPERS.tsv' },
    corpus: { type: 'string', default: '/work/corpus/papers' },
  },
});

const GRID = {
  supported: [0.3, 0.34, 0.38, 0.42, 0.46, 0.5, 0.55, 0.6],
  suggested: [0.36, 0.42, 0.48, 0.54, 0.6],
  clearlyBetter: [0.1, 0.2, 0.3],
};

/** The retriever's answers kept by their arguments: each combination replays the same reads. */
function memo(retriever: Retriever): Retriever {
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>) => {
    if (!kept.has(key)) kept.set(key, read());
    return kept.get(key) as Promise<T>;
  };
  return {
    ...retriever,
    search: (query, options) => once(`s${query}\u0000${JSON.stringify({ ...options, signal: undefined })}`, () => retriever.search(query, options)),
    passagesOf: (path, options) => once(`p${path}\u0000${JSON.stringify({ ...options, signal: undefined })}`, () => retriever.passagesOf!(path, options)),
    listDocuments: () => once('l', () => retriever.listDocuments()),
  };
}

async function main(): Promise<void> {
  const setDir = resolve(values.set!);
  const labels = (
    readFileSync(join(setDir, 'labels.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)) as Label[]
  ).filter((l) => values.split === 'all' || l.split === values.split || l.split === 'both');
  const prefix = labels[0]!.file.split('/')[0]!;
  const truth = readFileSync(values.papers!, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'));
  const paths = new Map<string, string>();
  for (const entry of scanBib(readFileSync(join(setDir, 'workspace/references.bib'), 'utf8')).entries) {
    const file = /^:?(.*?):[A-Za-z]*$/.exec(entry.fields.file ?? '')?.[1];
    if (file) paths.set(entry.key, posix.normalize(posix.join(prefix, file)));
    else if (entry.fields.title) {
      const match = truth.find(([, title]) => titleSimilarity(title!, fromLatex(entry.fields.title!)) >= 0.9);
      if (match) paths.set(entry.key, match[0]!);
    }
  }
  const papers = (await openPaperLibrary(values.db!, values.corpus!)).library;
  const library: CitationLibrary = {
    resolveKey: (key) => (paths.has(key) ? { path: paths.get(key)! } : null),
    keyForPath: (path) => [...paths].find(([, p]) => p === path)?.[0] ?? null,
    pageLabel: (path, page) => papers.pageLabel(path, page),
  };
  const drafts = [...new Set(labels.map((l) => l.file))];
  const sentences = drafts.map((draft) => ({
    draft,
    sentences: parseDraft(readFileSync(join(setDir, 'workspace', draft.slice(prefix.length + 1)), 'utf8'), draftFormatOf(draft)).sentences,
  }));
  const index = await openIndexForQueries(values.db!, { embedder: null });
  const retriever = memo(index.retriever);
  const rows: Array<{ score: number; line: string }> = [];
  try {
    for (const supported of GRID.supported)
      for (const suggested of GRID.suggested)
        for (const clearlyBetter of GRID.clearlyBetter) {
          const checks = new Map<string, CitationCheck>();
          for (const { draft, sentences: s } of sentences) {
            const found = await checkCitations(s, { retriever, library, exclude: drafts, thresholds: { supported, suggested, clearlyBetter } });
            for (const c of found) if (!checks.has(`${draft}:${c.sentenceLine}:${c.key}`)) checks.set(`${draft}:${c.sentenceLine}:${c.key}`, c);
          }
          const of = (label: Label['label'], ok: (l: Label, c: CitationCheck) => boolean) =>
            labels
              .filter((l) => l.label === label)
              .filter((l) => {
                const c = checks.get(`${l.file}:${l.line}:${l.key}`);
                return c !== undefined && ok(l, c);
              }).length;
          const flagged = (c: CitationCheck) => c.verdict !== 'supported' && c.verdict !== 'other-page';
          const a = of('supported', (_, c) => c.verdict === 'supported');
          const b = of('wrong-paper', (_, c) => flagged(c)) + of('unsupported', (_, c) => flagged(c));
          const n = of('wrong-paper', (l, c) => flagged(c) && c.suggested?.path === l.right_path);
          const u = of('unsupported', (_, c) => flagged(c) && c.suggested !== null);
          rows.push({
            score: a + b + n - u,
            line: `supported ${supported} suggested ${suggested} better ${clearlyBetter}: supported ${a}, flagged ${b}, named ${n}, unsupported named ${u}`,
          });
        }
  } finally {
    await index.close();
  }
  rows.sort((x, y) => x.score - y.score);
  for (const row of rows) process.stdout.write(`${row.score} ${row.line}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
