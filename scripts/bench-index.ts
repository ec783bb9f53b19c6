/**
 * Index benchmark: `npm run bench:index -- <folder> [--model-dir DIR] [--modes none,local,local-int8,local-fp32]
 * [--ocr auto|off|both] [--exclude GLOB]... [--queries FILE] [--skip-pdftotext]`.
 * One mode into an index that is kept (e.g. to run `eval` on it afterwards):
 * `node dist/bench-index.js <folder> --child <mode> --db DIR` (prints that mode's numbers as JSON).
 *
 * For each mode it indexes the folder into a fresh temporary index in a CHILD process (so peak
 * RSS is that run's own), then measures the no-change re-index and search latency, and prints
 * pages/s, chunks/s, peak RSS, search p50/p95, re-index seconds. Where `pdftotext` is installed
 * it times it on the same PDFs (one process, and two in parallel like our two extraction
 * workers) and prints the ratio. With `--ocr both` each mode runs with OCR off, then on (fresh index
 * and OCR cache each time), and prints the pages OCR read and what OCR added: its wall time, and
 * pages/s as OCR pages over that added time. Numbers are printed, never asserted.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { DEFAULT_EXCLUDE, DEFAULT_OCR_SETTINGS, discoverFiles, indexFolder, openIndexForQueries, type IndexSummary } from '../src/core/index';
import { LocalEmbedder } from '../src/core/index/embed/local';

interface ModeResult {
  mode: string;
  ocr: 'auto' | 'off';
  /** Pages OCR read in the first run (none are taken from a cache: the index is fresh). */
  ocrPages: number;
  files: number;
  failed: number;
  pages: number;
  chunks: number;
  seconds: number;
  pagesPerSecond: number;
  chunksPerSecond: number;
  peakRssMb: number;
  reindexSeconds: number;
  searchP50Ms: number;
  searchP95Ms: number;
  searchQueries: number;
  storedChunks: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    // dist/bench-index.js -> <repo>/../shared (shared/ sits beside the checkout).
    'model-dir': { type: 'string', default: resolve(__dirname, '../../shared/models/all-MiniLM-L6-v2') },
    modes: { type: 'string', default: 'none,local' },
    ocr: { type: 'string', default: 'auto' },
    exclude: { type: 'string', multiple: true },
    queries: { type: 'string', default: resolve(__dirname, '../../shared/eval/dev-questions.jsonl') },
    child: { type: 'string' },
    db: { type: 'string' },
    batch: { type: 'string' },
    threads: { type: 'string' },
    'skip-pdftotext': { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const folder = positionals[0] ? resolve(positionals[0]) : '';
  if (!folder) {
    process.stderr.write('usage: bench-index <folder> [--model-dir DIR] [--modes none,local,local-int8,local-fp32] [--exclude GLOB]... [--queries FILE]\n');
    process.exit(2);
  }
  const exclude = [...DEFAULT_EXCLUDE, ...(values.exclude ?? [])];
  if (values.child) {
    const result = await runMode(values.child, ocrMode(values.ocr!), folder, exclude, values.db!);
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const { files } = await discoverFiles(folder, { exclude });
  const pdfs = files.filter((f) => f.kind === 'pdf');
  process.stdout.write(`bench-index: ${folder}: ${files.length} files (${pdfs.length} PDFs), excluding ${values.exclude?.join(', ') || 'nothing extra'}\n`);
  process.stdout.write(`machine: ${(await import('node:os')).cpus().length} cores, node ${process.version}\n`);

  let pdftotext: { oneProcess: number; twoProcesses: number } | null = null;
  if (!values['skip-pdftotext']) pdftotext = await timePdftotext(pdfs.map((f) => f.absPath));

  const ocrModes = values.ocr === 'both' ? (['off', 'auto'] as const) : [ocrMode(values.ocr!)];
  for (const mode of values.modes!.split(',')) {
    let ocrOff: ModeResult | undefined;
    for (const ocr of ocrModes) {
      const result = await benchMode(mode, ocr, folder);
      printMode(result, pdftotext, ocrOff);
      if (ocr === 'off') ocrOff = result;
    }
  }
}

function ocrMode(value: string): 'auto' | 'off' {
  if (value !== 'auto' && value !== 'off') throw new Error(`--ocr must be auto, off or both, not ${value}`);
  return value;
}

/** One mode into a fresh index (and so a fresh OCR cache beside it), in a child process. */
async function benchMode(mode: string, ocr: 'auto' | 'off', folder: string): Promise<ModeResult> {
  const db = await mkdtemp(join(tmpdir(), `bench-index-${mode}-`));
  try {
    const args = [process.argv[1]!, folder, '--child', mode, '--ocr', ocr, '--db', db, '--model-dir', values['model-dir']!, '--queries', values.queries!];
    for (const e of values.exclude ?? []) args.push('--exclude', e);
    if (values.batch) args.push('--batch', values.batch);
    if (values.threads) args.push('--threads', values.threads);
    return await runChild(args);
  } finally {
    await rm(db, { recursive: true, force: true });
    await rm(`${db}.ocr`, { recursive: true, force: true });
  }
}

async function runMode(mode: string, ocrMode: 'auto' | 'off', folder: string, exclude: string[], db: string): Promise<ModeResult> {
  // `local` is the default precision (mixed); `local-int8` and `local-fp32` the others, for comparison.
  const local = mode === 'local' || mode === 'local-int8' || mode === 'local-fp32';
  const embedder = local
    ? new LocalEmbedder({
        modelDir: values['model-dir']!,
        precision: mode === 'local-fp32' ? 'fp32' : mode === 'local-int8' ? 'int8' : undefined,
        batchSize: values.batch ? Number(values.batch) : undefined,
        threads: values.threads ? Number(values.threads) : undefined,
      })
    : null;
  if (!local && mode !== 'none') throw new Error(`unknown mode ${mode}`);
  if (embedder) await embedder.probe();
  const ocr = { ...DEFAULT_OCR_SETTINGS, mode: ocrMode };
  const summary = await drain(indexFolder({ root: folder, dbDir: db, exclude, embedder, ocr }));
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const reindex = await drain(indexFolder({ root: folder, dbDir: db, exclude, embedder, ocr }));
  if (reindex.indexed !== 0) throw new Error(`no-change re-index re-indexed ${reindex.indexed} files`);
  await embedder?.close();

  const index = await openIndexForQueries(db, { modelDir: values['model-dir'] });
  const storedChunks = await index.store.countChunks();
  const { retriever } = index;
  const questions = (await readFile(values.queries!, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => String((JSON.parse(l) as { question?: string }).question ?? ''))
    .filter(Boolean);
  // Warm up (first FTS query loads the index; first embedding warms the model), then time.
  for (const q of questions.slice(0, 3)) await retriever.search(q, { k: 10 });
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const q of questions) {
      const t = performance.now();
      await retriever.search(q, { k: 10 });
      times.push(performance.now() - t);
    }
  }
  await index.close();
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return {
    mode,
    ocr: ocrMode,
    ocrPages: summary.ocr?.recognized ?? 0,
    files: summary.files,
    failed: summary.failed.length,
    pages: summary.pages,
    chunks: summary.chunks,
    seconds: summary.seconds,
    pagesPerSecond: summary.pagesPerSecond,
    chunksPerSecond: summary.chunks / summary.seconds,
    peakRssMb,
    reindexSeconds: reindex.seconds,
    searchP50Ms: pct(50),
    searchP95Ms: pct(95),
    searchQueries: times.length,
    storedChunks,
  };
}

async function drain(gen: AsyncGenerator<unknown, IndexSummary>): Promise<IndexSummary> {
  for (;;) {
    const step = await gen.next();
    if (step.done) return step.value;
  }
}

function runChild(args: string[]): Promise<ModeResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`benchmark child exited ${code}`));
      done(JSON.parse(out.trim().split('\n').at(-1)!) as ModeResult);
    });
  });
}

async function timePdftotext(paths: string[]): Promise<{ oneProcess: number; twoProcesses: number } | null> {
  const run = promisify(execFile);
  try {
    await run('pdftotext', ['-v']);
  } catch {
    process.stdout.write('pdftotext: not installed, no baseline\n');
    return null;
  }
  const convert = (p: string) => run('pdftotext', ['-q', p, '/dev/null']).catch(() => undefined);
  let t = performance.now();
  for (const p of paths) await convert(p);
  const oneProcess = (performance.now() - t) / 1000;
  t = performance.now();
  const queue = [...paths];
  await Promise.all(
    [0, 1].map(async () => {
      for (let p = queue.shift(); p; p = queue.shift()) await convert(p);
    }),
  );
  const twoProcesses = (performance.now() - t) / 1000;
  return { oneProcess, twoProcesses };
}

let pdftotextPrinted = false;
function printMode(r: ModeResult, pdftotext: { oneProcess: number; twoProcesses: number } | null, ocrOff?: ModeResult): void {
  const out = (line: string) => process.stdout.write(line + '\n');
  out(`\n--embed ${r.mode} --ocr ${r.ocr}`);
  if (r.ocr === 'auto') out(`  OCR: ${r.ocrPages} pages read`);
  if (ocrOff && r.ocr === 'auto') {
    const added = r.seconds - ocrOff.seconds;
    const rate = r.ocrPages > 0 && added > 0 ? `, ${(r.ocrPages / added).toFixed(2)} OCR pages/s` : '';
    out(
      `  OCR on vs off: ${r.seconds.toFixed(1)} s vs ${ocrOff.seconds.toFixed(1)} s (${added >= 0 ? '+' : ''}${((added / ocrOff.seconds) * 100).toFixed(1)}%)${rate}`,
    );
  }
  out(`  indexed: ${r.files} files (${r.failed} failed), ${r.pages} pages, ${r.chunks} chunks (${r.storedChunks} stored) in ${r.seconds.toFixed(1)} s`);
  out(`  pages/s: ${r.pagesPerSecond.toFixed(1)}   chunks/s: ${r.chunksPerSecond.toFixed(1)}`);
  out(`  peak RSS: ${r.peakRssMb.toFixed(0)} MB`);
  out(`  no-change re-index: ${r.reindexSeconds.toFixed(2)} s`);
  out(`  search latency (k=10, ${r.searchQueries} queries): p50 ${r.searchP50Ms.toFixed(1)} ms, p95 ${r.searchP95Ms.toFixed(1)} ms`);
  if (pdftotext) {
    const one = r.pages / pdftotext.oneProcess;
    const two = r.pages / pdftotext.twoProcesses;
    if (!pdftotextPrinted) {
      out(
        `  pdftotext on the same PDFs: ${pdftotext.oneProcess.toFixed(1)} s one process (${one.toFixed(1)} pages/s), ${pdftotext.twoProcesses.toFixed(1)} s two in parallel (${two.toFixed(1)} pages/s)`,
      );
      pdftotextPrinted = true;
    }
    out(`  ratio to pdftotext pages/s: ${(r.pagesPerSecond / one).toFixed(2)}x (one process), ${(r.pagesPerSecond / two).toFixed(2)}x (two processes)`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-index failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
