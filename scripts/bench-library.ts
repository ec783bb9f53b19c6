/**
 * A 5,000-item Zotero library at scale (`npm run bench:library -- [ITEMS] [WORKDIR]`): written
 * with Zotero's schema from the papers corpus repeated (test/support/zoteroCorpus.ts), indexed
 * full-text into a temporary cache folder, then timed:
 *
 * - reading the library's records (`readZoteroLibrary`) and `papers <dir>` listing them, and how
 *   many listed records match the library's titles, first authors and citation keys;
 * - re-checking the unchanged library (`index <dir>` that finds nothing to do);
 * - a search over a workspace index (/work/scratch/idx/papers-fts, when present) alone, and with
 *   the library beside it (`--library`), p50/p95 over the dev questions;
 * - peak RSS of each CLI run.
 *
 * Prints one line per measure; docs/benchmarks.md keeps them with the date and the machine's load.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { readZoteroLibrary } from '../src/core/library';
import { corpusFixture, corpusPapers, writeCorpusLibrary } from '../test/support/zoteroCorpus';

const items = Number(process.argv[2] ?? 5000);
const work = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'bench-library-'));
const dataDir = join(work, 'Zotero');
const cache = join(work, 'cache');
const cli = join(__dirname, '..', 'dist', 'cli.js');
const workspace = '/work/scratch/idx/papers-fts';
const env = { ...process.env, XDG_CACHE_HOME: cache, OLLAMA_HOST: 'http://127.0.0.1:9' };

function run(args: string[]): { ms: number; rssMb: number; stdout: string; status: number | null } {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, ...args], { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  const rssKb = Number(result.stderr.trim().split('\n').at(-1));
  return { ms, rssMb: rssKb / 1024, stdout: result.stdout, status: result.status };
}

interface ListedItem {
  key: string;
  pdfs: string[];
  title: { value: string | null };
  authors: { value: Array<{ family: string }> | null };
  citekey: { value: string | null };
}

/** Listed records against the items the library was written with: title, first author's family name, citation key. */
function recordMatch(listed: readonly ListedItem[]): string {
  const written = new Map(corpusFixture(corpusPapers(), Math.ceil(items / 58)).items.map((item) => [item.key, item]));
  let withPdf = 0;
  let withCreators = 0;
  const same = { title: 0, firstAuthor: 0, key: 0, all: 0 };
  for (const item of listed) {
    const source = written.get(item.key);
    if (!source || item.pdfs.length === 0) continue;
    withPdf++;
    const title = item.title.value === source.title;
    // An item without creators in Zotero takes the PDF's authors (the record fills only what Zotero lacks): not compared.
    const creator = source.creators?.[0]?.[1] || null;
    if (creator) withCreators++;
    const firstAuthor = !creator || item.authors.value?.[0]?.family === creator;
    const key = item.citekey.value === (source.citationKey ?? null);
    same.title += Number(title);
    same.firstAuthor += Number(Boolean(creator) && firstAuthor);
    same.key += Number(key);
    same.all += Number(title && firstAuthor && key);
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, withPdf)).toFixed(1)}%`;
  return (
    `records as Zotero has them (${withPdf} items with a PDF): title ${pct(same.title)}, citation key ${pct(same.key)}, ` +
    `first author ${same.firstAuthor} of the ${withCreators} items with creators, all three (author where Zotero has one) ${pct(same.all)}`
  );
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  console.log(
    `load before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; work folder ${work}`,
  );
  if (!existsSync(join(dataDir, 'zotero.sqlite'))) {
    const started = performance.now();
    await writeCorpusLibrary(dataDir, Math.ceil(items / 58));
    console.log(`library written: ${Math.ceil(items / 58) * 58} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const library = await readZoteroLibrary(dataDir);
    console.log(
      `readZoteroLibrary: ${library.items.length} items, ${library.items.filter((x) => x.attachments.length).length} with a PDF, ${(performance.now() - started).toFixed(0)} ms`,
    );
  }
  const indexed = run(['index', dataDir, '--embed', 'none', '--ocr', 'off']);
  console.log(`index (first run, full-text): ${(indexed.ms / 1000).toFixed(1)} s, peak RSS ${indexed.rssMb.toFixed(0)} MB, exit ${indexed.status}`);
  console.log(indexed.stdout.trim().split('\n').slice(-4).join('\n'));
  for (let i = 0; i < 3; i++) {
    const again = run(['index', dataDir, '--embed', 'none']);
    console.log(`re-check unchanged (index): ${again.ms.toFixed(0)} ms, peak RSS ${again.rssMb.toFixed(0)} MB: ${again.stdout.split('\n')[0]}`);
  }
  let listedItems: ListedItem[] = [];
  for (let i = 0; i < 3; i++) {
    const papers = run(['papers', dataDir, '--json']);
    listedItems = (JSON.parse(papers.stdout) as { items: ListedItem[] }).items;
    console.log(`papers (list records): ${listedItems.length} items in ${papers.ms.toFixed(0)} ms, peak RSS ${papers.rssMb.toFixed(0)} MB`);
  }
  console.log(recordMatch(listedItems));
  const questions = readFileSync('/work/shared/eval/papers/dev-questions.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { question: string }).question);
  if (!existsSync(workspace)) {
    console.log(`no workspace index at ${workspace}: searches skipped`);
    return;
  }
  const corpus = '/work/corpus/papers';
  for (const [name, extra] of [
    ['workspace alone', []],
    ['workspace + library', ['--library', dataDir]],
  ] as const) {
    const times: number[] = [];
    const inside: number[] = [];
    let rss = 0;
    for (const question of questions) {
      const result = run(['search', corpus, question, '--db', workspace, '--mode', 'fts', '--json', '--k', '10', ...extra]);
      times.push(result.ms);
      rss = Math.max(rss, result.rssMb);
      if (result.status === 0) inside.push((JSON.parse(result.stdout) as { milliseconds: number }).milliseconds);
    }
    console.log(
      `search ${name} (${questions.length} dev questions, full-text): in-process p50 ${quantile(inside, 0.5).toFixed(0)} ms, p95 ${quantile(inside, 0.95).toFixed(0)} ms; whole command p50 ${quantile(times, 0.5).toFixed(0)} ms; peak RSS ${rss.toFixed(0)} MB`,
    );
  }
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(execFileSync('du', ['-sh', cache], { encoding: 'utf8' }).trim());
}

void main();
