/**
 * Scores the citation check (src/core/manuscript/check) on a manuscript set (test/eval/manuscript,
 * the development set; `--set test/eval/manuscript-heldout`, the held-out one):
 * `node --require tsx/cjs scripts/eval-manuscript.ts --db DIR [--set DIR] [--verbose]
 * [--supported X --suggested Y --better Z]`.
 *
 * The index is of the papers library with the set's workspace beside the papers as `manuscript/`
 * (test/eval/manuscript/README.md says how to build one). Keys resolve through the drafts' bib
 * `file` field, else by title against the papers' truth table (`--papers`, PAPERS.tsv of the papers
 * evaluation folder); with `--library-root FOLDER` (the indexed folder), through the paper library
 * the index's records and the folder's bib files make, as the hosts resolve them. For each half of the labels
 * (calibration, report) it prints: the correct citations judged supported with the evidence on
 * the labelled page (±1), the wrong ones (wrong paper, unsupported) flagged, and the wrong-paper
 * ones naming the right paper; then the check's in-process time. Numbers are printed, never asserted.
 */
process.env.LANCEDB_LOG ??= 'error';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openIndexForQueries, openPaperLibrary } from '../src/core/index';
import { citationLibraryOf } from '../src/core/manuscript/check/citationLibrary';
import { scanBib } from '../src/core/manuscript/bib/bibScan';
import { fromLatex } from '../src/core/manuscript/bib/latexText';
import { checkCitations } from '../src/core/manuscript/check/checkCitations';
import type { CitationCheck, CitationLibrary } from '../src/core/manuscript/check/citationCheck';
import { draftFormatOf, parseDraft } from '../src/core/manuscript/parse/parseDraft';
import { titleSimilarity } from '../src/core/papers/normalize';
import { scoreLines, type Label, type Scored } from './manuscript-eval/score';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    set: { type: 'string', default: resolve(__dirname, '../test/eval/manuscript') },
    // The indexed folder, for the paper records' page labels when keys resolve through the drafts' bib.
    corpus: { type: 'string', default: '/work/corpus/papers' },
    papers: { type: 'string', default: resolve(__dirname, '../../shared/eval/papers/PAPERS.tsv') },
    verbose: { type: 'boolean', default: false },
    // Resolve keys through the paper library the index and the folder's bib files make (as the hosts will), not the drafts' bib alone.
    'library-root': { type: 'string' },
    supported: { type: 'string' },
    suggested: { type: 'string' },
    better: { type: 'string' },
  },
});

/** Keys to indexed paths: the bib's `file` field (relative to the bib's folder), else the title in PAPERS.tsv. */
function libraryOf(bibPath: string, prefix: string, papersTsv: string): CitationLibrary & { paths: Map<string, string> } {
  const truth = readFileSync(papersTsv, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([file, title]) => ({ file: file!, title: title! }));
  const paths = new Map<string, string>();
  for (const entry of scanBib(readFileSync(bibPath, 'utf8')).entries) {
    const file = /^:?(.*?):[A-Za-z]*$/.exec(entry.fields.file ?? '')?.[1];
    if (file) paths.set(entry.key, posix.normalize(posix.join(prefix, file)));
    else if (entry.fields.title) {
      const match = truth.find((paper) => titleSimilarity(paper.title, fromLatex(entry.fields.title!)) >= 0.9);
      if (match) paths.set(entry.key, match.file);
    }
  }
  const keys = new Map([...paths].map(([key, path]) => [path, key]));
  return { paths, resolveKey: (key) => (paths.has(key) ? { path: paths.get(key)! } : null), keyForPath: (path) => keys.get(path) ?? null };
}

async function main(): Promise<void> {
  if (!values.db) {
    process.stderr.write(
      'usage: eval-manuscript --db DIR [--set DIR] [--papers PAPERS.tsv | --library-root FOLDER] [--verbose] [--supported X] [--suggested Y] [--better Z]\n',
    );
    process.exit(2);
  }
  const setDir = resolve(values.set!);
  const labels = readFileSync(join(setDir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Label);
  const workspace = join(setDir, 'workspace');
  // The drafts' folder as the library holds it: `manuscript/` in `manuscript/paper.tex`.
  const prefix = labels[0]!.file.split('/')[0]!;
  // Page labels come from the index's paper records (the PDFs' printed labels), as in the hosts.
  const papers = (await openPaperLibrary(values.db, values['library-root'] ?? values.corpus!)).library;
  const library: CitationLibrary = values['library-root']
    ? citationLibraryOf(papers)
    : { ...libraryOf(join(workspace, 'references.bib'), prefix, values.papers!), pageLabel: (path, page) => papers.pageLabel(path, page) };
  const drafts = [...new Set(labels.map((l) => l.file))];
  const draftText = (draft: string) => readFileSync(join(workspace, draft.slice(prefix.length + 1)), 'utf8');
  const thresholds = {
    ...(values.supported ? { supported: Number(values.supported) } : {}),
    ...(values.suggested ? { suggested: Number(values.suggested) } : {}),
    ...(values.better ? { clearlyBetter: Number(values.better) } : {}),
  };
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  process.stdout.write(`eval-manuscript: ${values.db}, ${labels.length} labelled keys in ${drafts.join(', ')}; load average ${load()}\n`);
  // First, while nothing is cached in this process: what a `check` command would take.
  const speed = await fortyCitations(drafts, draftText, library);
  const t0 = process.hrtime.bigint();
  const index = await openIndexForQueries(values.db, { embedder: null });
  const opened = Number(process.hrtime.bigint() - t0) / 1e6;
  const results = new Map<string, CitationCheck[]>();
  const located = new Set<string>();
  const timings: string[] = [];
  try {
    for (const draft of drafts) {
      const t1 = process.hrtime.bigint();
      const parsed = parseDraft(draftText(draft), draftFormatOf(draft));
      for (const sentence of parsed.sentences)
        for (const key of sentence.citations.flatMap((c) => c.keys))
          if (key.locator.trim() !== '') located.add(`${draft}:${sentence.range.start.line}:${key.key}`);
      const checks = await checkCitations(parsed.sentences, { retriever: index.retriever, library, exclude: drafts, thresholds });
      timings.push(`${draft}: ${checks.length} citations in ${(Number(process.hrtime.bigint() - t1) / 1e6).toFixed(0)} ms`);
      for (const check of checks) {
        const at = `${draft}:${check.sentenceLine}:${check.key}`;
        results.set(at, [...(results.get(at) ?? []), check]);
      }
    }
  } finally {
    await index.close();
  }
  // A label takes the first check of its key on its line not taken by an earlier label: the
  // sentence's first line, else the line the key is written on (a footnote's sentence starts on the
  // line after `\footnote{`, where the check's sentence range begins).
  const taken = new Set<CitationCheck>();
  const scored: Scored[] = labels.map((label) => {
    const at = `${label.file}:${label.line}:${label.key}`;
    const inDraft = [...results].filter(([where]) => where.startsWith(`${label.file}:`)).flatMap(([, checks]) => checks);
    const onKeyLine = inDraft.filter((c) => c.line === label.line && c.key === label.key);
    const check = [...(results.get(at) ?? []), ...onKeyLine].find((c) => !taken.has(c));
    if (check) taken.add(check);
    const sentenceAt = check ? `${label.file}:${check.sentenceLine}:${check.key}` : at;
    return { label, check, hasLocator: located.has(sentenceAt) };
  });
  for (const split of ['calibration', 'report'] as const) {
    const rows = scored.filter((s) => s.label.split === split || s.label.split === 'both');
    if (rows.every((s) => s.label.split === 'both')) continue;
    process.stdout.write(
      `${split}:\n${scoreLines(rows)
        .map((line) => `  ${line}\n`)
        .join('')}`,
    );
  }
  process.stdout.write(`time: index opened in ${opened.toFixed(0)} ms; ${timings.join('; ')}; load average ${load()}\n`);
  process.stdout.write(`${speed}; load average ${load()}\n`);
  if (values.verbose) {
    for (const { label: l, check: c } of scored) {
      const where = (p: { path: string; page: number | null; coverage: number } | null | undefined) => (p ? `${p.path} p${p.page} (${p.coverage})` : '-');
      process.stdout.write(
        `${l.id} ${l.split.padEnd(11)} ${l.label.padEnd(14)} ${(c?.verdict ?? 'MISSING').padEnd(14)} ${l.key} evidence ${where(c?.evidence)} suggested ${where(c?.suggested)} | ${c?.reason ?? ''}\n`,
      );
    }
  }
}

/** A 40-citation draft's check (the drafts' first 40 cited keys), the first search of the process: the index opened and searched cold. */
async function fortyCitations(drafts: string[], draftText: (draft: string) => string, library: CitationLibrary): Promise<string> {
  const sentences = drafts.flatMap((draft) => parseDraft(draftText(draft), draftFormatOf(draft)).sentences);
  const chosen: typeof sentences = [];
  let keys = 0;
  for (const sentence of sentences) {
    if (keys >= 40) break;
    chosen.push(sentence);
    keys += new Set(sentence.citations.flatMap((c) => c.keys.map((k) => k.key))).size;
  }
  const t0 = process.hrtime.bigint();
  const index = await openIndexForQueries(values.db!, { embedder: null });
  const t1 = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  try {
    const first = process.hrtime.bigint();
    await index.retriever.search(chosen[0]!.text, { k: 1 });
    const warm = process.hrtime.bigint();
    const checks = await checkCitations(chosen, { retriever: index.retriever, library, exclude: drafts });
    const t2 = process.hrtime.bigint();
    const used = process.cpuUsage(cpu);
    return (
      `40-citation draft: ${checks.length} citations checked in ${(Number(t2 - t1) / 1e6).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU ` +
      `(of it the index's first search ${(Number(warm - first) / 1e6).toFixed(0)} ms; index opened in ${(Number(t1 - t0) / 1e6).toFixed(0)} ms)`
    );
  } finally {
    await index.close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
