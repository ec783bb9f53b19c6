/**
 * What the PDF-only record rules (src/core/papers/pdf) say about every PDF of a folder, and, with a
 * truth table, how often they are right. Development aid: prints, asserts nothing.
 *
 *   node --require tsx/cjs scripts/paper-records.ts FOLDER [--truth PAPERS.tsv] [--db INDEXDIR] [--cost] [--only TEXT]
 *
 * --db     an index folder whose OCR cache (`INDEXDIR.ocr`) gives the words of scanned first pages
 *          (read only; the cache is keyed by the file's content hash).
 * --truth  a TSV with columns file (relative to FOLDER), title, authors, year, year_scored: scores
 *          title (similarity >= 0.95 after normalisation), first author's family name, and year on
 *          rows with year_scored = yes; on the other rows a non-empty year that differs is an error.
 * --cost   also times, per PDF: whole-text extraction (what indexing does anyway), the evidence read
 *          when extraction hands over pages 1-2's text content (its extra cost), the evidence read
 *          alone (a migration pass over an existing index), and the rules.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadPdfjs, TEXT_ONLY } from '../src/core/index/pipeline/extract/pdf';
import { extractPdfText } from '../src/core/index/pipeline/extract/pdfRead';
import { cachedOcrWords, ocrCacheDirOf } from '../src/core/index/pipeline/ocr/cache';
import { comparable, titleSimilarity } from '../src/core/papers/normalize';
import { evidenceFromOcrWords, pdfPaperFields, readPdfEvidence, type EvidenceDocument, type PdfEvidence, type TextContentLike } from '../src/core/papers/pdf';
import { parseName } from '../src/core/papers/pdf/names';
import type { PaperFields } from '../src/core/papers/record';

interface TruthRow {
  file: string;
  title: string;
  authors: string;
  year: string;
  yearScored: boolean;
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function pdfsUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.toLowerCase().endsWith('.pdf'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A TSV with a header row; a field in double quotes may hold tabs and doubled quotes. */
function parseTsv(text: string): Record<string, string>[] {
  const [header, ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const names = header!.split('\t');
  const unquote = (field: string) => (field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field);
  return rows.map((row) => Object.fromEntries(row.split('\t').map((field, index) => [names[index] ?? `${index}`, unquote(field)])));
}

async function readTruth(path: string): Promise<Map<string, TruthRow>> {
  const rows = parseTsv(await readFile(path, 'utf8'));
  return new Map(
    rows.map((row) => [
      row.file!,
      { file: row.file!, title: row.title ?? '', authors: row.authors ?? '', year: row.year ?? '', yearScored: row.year_scored === 'yes' },
    ]),
  );
}

interface Timing {
  extract?: number;
  evidenceAfterExtraction?: number;
  evidenceRereading?: number;
  evidenceAlone: number;
  rules: number;
  /** CPU time of the rules (on a loaded machine, steadier than wall time). */
  rulesCpu: number;
}

async function evidenceOf(path: string, dbDir: string | undefined, cost: boolean): Promise<{ evidence: PdfEvidence; timing: Timing; ocr: boolean }> {
  const bytes = new Uint8Array(await readFile(path));
  const pdfjs = await loadPdfjs();
  const timing: Timing = { evidenceAlone: 0, rules: 0, rulesCpu: 0 };
  if (cost) {
    const start = performance.now();
    // Scanned pages are left to OCR (not timed here), as the indexer does.
    await extractPdfText(bytes.slice(), { findOcrCandidates: true });
    timing.extract = performance.now() - start;
  }
  const task = pdfjs.getDocument({ data: bytes.slice(), ...TEXT_ONLY });
  const document = (await task.promise) as unknown as EvidenceDocument & { getPage(n: number): Promise<{ getTextContent(): Promise<TextContentLike> }> };
  let evidence: PdfEvidence;
  try {
    let start = performance.now();
    evidence = await readPdfEvidence(document);
    timing.evidenceAlone = performance.now() - start;
    if (cost) {
      // As inside extraction: pages 1-2's text content is already there; only the rest is extra.
      const contents = new Map<number, TextContentLike>();
      for (let page = 1; page <= Math.min(2, document.numPages); page++) contents.set(page, await (await document.getPage(page)).getTextContent());
      start = performance.now();
      await readPdfEvidence(document, { textContentOf: (page) => contents.get(page) });
      timing.evidenceAfterExtraction = performance.now() - start;
      // The same document, its fonts already parsed, asked for pages 1-2's text content again.
      start = performance.now();
      await readPdfEvidence(document);
      timing.evidenceRereading = performance.now() - start;
    }
  } finally {
    await task.destroy();
  }
  let ocr = false;
  const first = evidence.pages[0];
  const firstText = first?.runs.reduce((total, run) => total + run.text.length, 0) ?? 0;
  if (dbDir && first && firstText < 50) {
    const hash = createHash('sha256').update(bytes).digest('hex');
    const words = await cachedOcrWords(ocrCacheDirOf(dbDir), hash, 1);
    if (words) {
      evidence.pages[0] = evidenceFromOcrWords(1, words, first.width, first.height);
      ocr = true;
    }
  }
  return { evidence, timing, ocr };
}

function describe(fields: PaperFields): string[] {
  const tag = (field: { source: string; confidence: number; from?: string }) => `  [${field.source} ${field.confidence.toFixed(2)} ${field.from ?? ''}]`;
  const out: string[] = [];
  out.push(`  title:   ${fields.title ? fields.title.value + tag(fields.title) : '-'}`);
  out.push(`  authors: ${fields.authors ? fields.authors.value.map((a) => `${a.family}, ${a.given}`).join(' | ') + tag(fields.authors) : '-'}`);
  out.push(`  year:    ${fields.year ? fields.year.value + tag(fields.year) : '-'}`);
  if (fields.venue) out.push(`  venue:   ${fields.venue.value}${tag(fields.venue)}`);
  if (fields.doi) out.push(`  doi:     ${fields.doi.value}${tag(fields.doi)}`);
  if (fields.arxiv) out.push(`  arxiv:   ${fields.arxiv.value}${tag(fields.arxiv)}`);
  return out;
}

interface Score {
  title: boolean;
  author: boolean;
  year: 'right' | 'wrong' | 'missing' | 'safe' | 'unscored-wrong';
}

function score(fields: PaperFields, truth: TruthRow): Score {
  const title = fields.title !== undefined && titleSimilarity(fields.title.value, truth.title) >= 0.95;
  const truthFirst = parseName(truth.authors.split(/,\s*/)[0] ?? '');
  const ours = fields.authors?.value[0];
  const author = truthFirst !== undefined && ours !== undefined && comparable(ours.family) === comparable(truthFirst.family);
  const year = fields.year ? String(fields.year.value) : '';
  let verdict: Score['year'];
  if (truth.yearScored) verdict = year === truth.year ? 'right' : year === '' ? 'missing' : 'wrong';
  else verdict = year === '' ? 'safe' : year === truth.year ? 'safe' : 'unscored-wrong';
  return { title, author, year: verdict };
}

const percent = (count: number, total: number) => `${count}/${total} (${total ? ((100 * count) / total).toFixed(1) : '0'}%)`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder || folder.startsWith('--')) {
    console.error('usage: node --require tsx/cjs scripts/paper-records.ts FOLDER [--truth PAPERS.tsv] [--db INDEXDIR] [--cost] [--only TEXT]');
    process.exit(2);
  }
  const truthPath = argValue('--truth');
  const truth = truthPath ? await readTruth(truthPath) : undefined;
  const dbDir = argValue('--db');
  const only = argValue('--only');
  const cost = process.argv.includes('--cost');
  const scores: Score[] = [];
  const timings: Timing[] = [];
  for (const path of await pdfsUnder(folder)) {
    const file = relative(folder, path).split('\\').join('/');
    if (only && !file.includes(only)) continue;
    const { evidence, timing, ocr } = await evidenceOf(path, dbDir, cost);
    const start = performance.now();
    const cpu = process.cpuUsage();
    const fields = pdfPaperFields(evidence);
    const used = process.cpuUsage(cpu);
    timing.rulesCpu = (used.user + used.system) / 1000;
    timing.rules = performance.now() - start;
    timings.push(timing);
    console.log(`${file}${ocr ? '  (page 1 from OCR)' : ''}`);
    for (const line of describe(fields)) console.log(line);
    const row = truth?.get(file);
    if (row) {
      const verdict = score(fields, row);
      scores.push(verdict);
      const bad = [
        !verdict.title && `title (truth: ${row.title})`,
        !verdict.author && `first author (truth: ${row.authors})`,
        ['wrong', 'missing', 'unscored-wrong'].includes(verdict.year) && `year ${verdict.year} (truth: ${row.year}${row.yearScored ? '' : ', not scored'})`,
      ].filter(Boolean);
      console.log(bad.length ? `  MISS: ${bad.join('; ')}` : '  ok');
    }
  }
  if (truth) {
    const scoredYears = scores.filter((s) => ['right', 'wrong', 'missing'].includes(s.year));
    console.log(`\nagainst ${truthPath} (${scores.length} of its ${truth.size} rows found):`);
    console.log(`  title ${percent(scores.filter((s) => s.title).length, scores.length)}`);
    console.log(`  first author ${percent(scores.filter((s) => s.author).length, scores.length)}`);
    console.log(`  year (year_scored = yes) ${percent(scoredYears.filter((s) => s.year === 'right').length, scoredYears.length)}`);
    console.log(`  wrong non-empty year where year_scored = no: ${scores.filter((s) => s.year === 'unscored-wrong').length}`);
  }
  const alone = timings.map((t) => t.evidenceAlone);
  console.log(
    `\n${timings.length} PDFs; readPdfEvidence alone (document open): median ${median(alone).toFixed(1)} ms, total ${alone.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
  );
  const rulesTotal = timings.reduce((total, t) => total + t.rules, 0);
  console.log(
    `rules (pdfPaperFields): median ${median(timings.map((t) => t.rules)).toFixed(2)} ms (CPU ${median(timings.map((t) => t.rulesCpu)).toFixed(2)} ms), total ${rulesTotal.toFixed(0)} ms`,
  );
  if (cost) {
    const extract = timings.reduce((total, t) => total + (t.extract ?? 0), 0);
    const extra = timings.reduce((total, t) => total + (t.evidenceAfterExtraction ?? 0), 0);
    console.log(
      `whole-text extraction: total ${extract.toFixed(0)} ms; evidence with pages 1-2's text content handed over: median ${median(timings.map((t) => t.evidenceAfterExtraction ?? 0)).toFixed(2)} ms, total ${extra.toFixed(0)} ms (${((100 * extra) / extract).toFixed(2)}% of extraction)`,
    );
    const reread = timings.reduce((total, t) => total + (t.evidenceRereading ?? 0), 0);
    console.log(
      `evidence re-reading pages 1-2's text content in the open document: median ${median(timings.map((t) => t.evidenceRereading ?? 0)).toFixed(2)} ms, total ${reread.toFixed(0)} ms (${((100 * reread) / extract).toFixed(2)}% of extraction)`,
    );
    console.log(
      `load average: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  }
}

void main();
