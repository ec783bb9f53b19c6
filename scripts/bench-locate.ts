/**
 * Highlight accuracy of the citation locator (src/core/citations/locate.ts), measured on a real
 * corpus: `npm run bench:locate -- <corpus folder> [--questions FILE] [--k 5] [--db DIR]
 * [--exclude GLOB]... [--all-chunks] [--verbose]`.
 *
 * (a) Every evidence quote {file, page, text} of the question file is located in the pdf.js text
 *     items of pages page-1..page+1: on the right page, on a wrong page, or not located.
 * (b) What the product cites: the folder is indexed (`--embed none`; kept in --db, by default a
 *     folder under the OS temp dir, so a second run only searches), each question is searched
 *     (top k, as ask cites), and every PDF hit's chunk text is located in its pages' items. Each
 *     located span becomes a box (item transform and width) and is checked against
 *     `pdftotext -bbox-layout` (poppler, an independent text engine): the pdftotext lines under the
 *     box must hold the span's text. Reported: located / located on the right lines / not located.
 * --all-chunks adds every PDF chunk of the index (bench-locate/allChunks.ts).
 * Numbers are printed, never asserted. --verbose prints every miss.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { locatePassage } from '../src/core/citations/locate';
import { jsonlRecords } from '../src/core/eval/jsonl';
import { parseQuestions } from '../src/core/eval/retrievalEval';
import { DEFAULT_EXCLUDE, indexFolder, openIndexForQueries, type IndexSummary } from '../src/core/index';
import { PdfPages } from './bench-locate/pdfPages';
import { everyChunk } from './bench-locate/allChunks';
import { checkLines } from './bench-locate/lineCheck';
import { CONFIRMED_SHARE, pdftotextLines, type PdftotextLine } from './bench-locate/pdftotextLines';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // dist/bench-locate.js -> <repo>/../shared (shared/ sits beside the checkout).
    questions: { type: 'string', default: resolve(__dirname, '../../shared/eval/dev-questions.jsonl') },
    k: { type: 'string', default: '5' },
    db: { type: 'string' },
    exclude: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
    'all-chunks': { type: 'boolean', default: false },
  },
});

const out = (line = '') => process.stdout.write(`${line}\n`);
const verbose = (line: string) => values.verbose && out(`    ${line}`);

async function main(): Promise<void> {
  const folder = positionals[0] ? resolve(positionals[0]) : '';
  if (!folder) {
    process.stderr.write('usage: bench-locate <corpus folder> [--questions FILE] [--k 5] [--db DIR] [--exclude GLOB]... [--all-chunks] [--verbose]\n');
    process.exit(2);
  }
  const jsonl = await readFile(values.questions!, 'utf8');
  out(`bench-locate: ${folder}, questions ${values.questions}`);
  const pdfs = new Documents(folder);
  try {
    await evidenceQuotes(jsonl, pdfs);
    await citedChunks(folder, jsonl, pdfs);
  } finally {
    await pdfs.close();
  }
  out(`\ncommand: node dist/bench-locate.js ${process.argv.slice(2).join(' ')}`);
}

/**
 * (a) Each evidence quote, located on its page (as the viewer would, given the page), then on its
 * page and the pages either side, to catch a location on a wrong page. A quote the window search
 * places on another page but that is also found on its own page occurs verbatim on both: the
 * window prefers the first page given. Only a quote found elsewhere and not on its page is wrong.
 */
async function evidenceQuotes(jsonl: string, pdfs: Documents): Promise<void> {
  const counts = { quotes: 0, rightPage: 0, rightLines: 0, notLocated: 0, windowRight: 0, windowRepeated: 0, windowWrong: 0, windowNone: 0, skipped: 0 };
  const tally = { lines: 0, confirmed: 0 };
  const fail = (message: string) => new Error(`${values.questions}: ${message}`);
  for (const { record } of jsonlRecords(jsonl, fail)) {
    for (const evidence of Array.isArray(record.evidence) ? (record.evidence as Array<Record<string, unknown>>) : []) {
      const { file, page, text } = evidence;
      if (typeof file !== 'string' || typeof page !== 'number' || typeof text !== 'string' || !file.toLowerCase().endsWith('.pdf')) {
        counts.skipped++;
        continue;
      }
      counts.quotes++;
      const pdf = await pdfs.open(file);
      const where = `${String(record.id)} ${file} p.${page}: ${JSON.stringify(text)}`;
      const own = await pdf.range(page, page);
      const onPage = locatePassage(text, own);
      if (!onPage) {
        counts.notLocated++;
        verbose(`not located on its page: ${where}`);
      } else {
        counts.rightPage++;
        const lines = await checkLines(pdf, (n) => pdfs.lines(file, n), own, onPage, tally);
        if (lines.ok) counts.rightLines++;
        else verbose(`on its page, not on its lines: ${where}\n${lines.report}`);
      }
      const window = locatePassage(text, await pdf.range(page - 1, page + 1));
      if (!window) counts.windowNone++;
      else if (window.pages.every((p) => p === page)) counts.windowRight++;
      else if (onPage) {
        counts.windowRepeated++;
        verbose(`page ±1: found first on p.${window.pages.join(',')}, where it also occurs: ${where}`);
      } else {
        counts.windowWrong++;
        verbose(`page ±1: located on a wrong page, p.${window.pages.join(',')}: ${where}`);
      }
    }
  }
  out(`\n(a) evidence quotes in PDFs: ${counts.quotes} (${counts.skipped} in Markdown/text files skipped)`);
  out(
    `  given its page:   located ${counts.rightPage} (${percent(counts.rightPage, counts.quotes)}), on its lines per pdftotext ${counts.rightLines}; not located ${counts.notLocated}`,
  );
  out(
    `  given page ±1:    on its page ${counts.windowRight}; on a wrong page ${counts.windowWrong}; first on a neighbouring page that has the same text ${counts.windowRepeated}; not located ${counts.windowNone}`,
  );
  out(`  lines located: ${tally.lines}, confirmed by pdftotext: ${tally.confirmed}`);
}

/** (b) The chunks the product cites for each question, located in their pages and checked against pdftotext. */
async function citedChunks(folder: string, jsonl: string, pdfs: Documents): Promise<void> {
  const k = Number(values.k);
  const db = values.db ? resolve(values.db) : join(tmpdir(), `bench-locate-index-${createHash('sha256').update(folder).digest('hex').slice(0, 12)}`);
  const exclude = [...DEFAULT_EXCLUDE, ...(values.exclude ?? [])];
  const summary = await drain(indexFolder({ root: folder, dbDir: db, exclude, embedder: null }));
  out(`\n(b) index ${db}: ${summary.indexed} files indexed, ${summary.skipped} unchanged (--embed none)`);
  const index = await openIndexForQueries(db, { embedder: null });
  const { store } = index;
  const counts = { questions: 0, citations: 0, located: 0, exact: 0, rightLines: 0, notLocated: 0 };
  const tally = { lines: 0, confirmed: 0 };
  const distinct = new Set<string>();
  try {
    const { retriever } = index;
    for (const question of parseQuestions(jsonl)) {
      counts.questions++;
      for (const hit of await retriever.search(question.question, { k })) {
        if (!hit.path.toLowerCase().endsWith('.pdf') || hit.pageStart === null || hit.pageEnd === null) continue;
        counts.citations++;
        distinct.add(hit.id);
        const pdf = await pdfs.open(hit.path);
        const pages = await pdf.range(hit.pageStart, hit.pageEnd);
        const location = locatePassage(hit.text, pages);
        const where = `${question.id} ${hit.path} p.${hit.pageStart}-${hit.pageEnd}: ${JSON.stringify(hit.text.slice(0, 120))}…`;
        if (!location) {
          counts.notLocated++;
          verbose(`not located: ${where}`);
          continue;
        }
        counts.located++;
        if (location.exact) counts.exact++;
        const lines = await checkLines(pdf, (n) => pdfs.lines(hit.path, n), pages, location, tally);
        if (lines.ok) counts.rightLines++;
        else verbose(`located, not on its lines: ${where}\n${lines.report}`);
      }
    }
    out(`  ${counts.citations} citations of PDF chunks (${distinct.size} distinct) in the top ${k} of ${counts.questions} questions`);
    out(
      `  located:                    ${counts.located} (${percent(counts.located, counts.citations)}; ${counts.exact} exact, ${counts.located - counts.exact} across a dropped header/footer or a gap)`,
    );
    out(
      `  located on the right lines: ${counts.rightLines} (${percent(counts.rightLines, counts.citations)}): every located line confirmed by pdftotext -bbox-layout`,
    );
    out(`  not located:                ${counts.notLocated}`);
    out(
      `  lines located: ${tally.lines}, confirmed: ${tally.confirmed} (${percent(tally.confirmed, tally.lines)}; a line is confirmed when the pdftotext lines under it hold ≥${CONFIRMED_SHARE * 100}% of its letters and digits, word by word)`,
    );
    if (values['all-chunks']) await everyChunk(store, folder, out, verbose);
  } finally {
    await index.close();
  }
}

/** PDFs and their pdftotext lines, opened once per run. */
class Documents {
  private readonly pdfs = new Map<string, Promise<PdfPages>>();
  private readonly pageLines = new Map<string, Promise<PdftotextLine[]>>();

  constructor(private readonly folder: string) {}

  open(file: string): Promise<PdfPages> {
    let pdf = this.pdfs.get(file);
    if (!pdf) this.pdfs.set(file, (pdf = PdfPages.open(join(this.folder, file))));
    return pdf;
  }

  lines(file: string, page: number): Promise<PdftotextLine[]> {
    const key = `${file}#${page}`;
    let lines = this.pageLines.get(key);
    if (!lines) this.pageLines.set(key, (lines = pdftotextLines(join(this.folder, file), page).then((pages) => pages.get(page) ?? [])));
    return lines;
  }

  async close(): Promise<void> {
    for (const pdf of this.pdfs.values()) await (await pdf).close();
  }
}

async function drain(run: AsyncGenerator<unknown, IndexSummary>): Promise<IndexSummary> {
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
  }
}

/** Rounded down: 100% only when nothing failed. */
function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${(Math.floor((1000 * part) / whole) / 10).toFixed(1)}%`;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-locate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
