/**
 * Extraction throughput on a folder of PDFs (default: the eval corpus without large/): pages/s of
 * poppler's pdftotext (the physical-limit baseline, 1 and 2 processes), unpdf in-thread, the
 * extractor's worker pool (1 and 2 threads) and, when given its path, pdfjs-dist's legacy build.
 *
 *   npx tsx scripts/bench-extract.ts [folder] [--large] [--pdfjs-dist PATH/legacy/build/pdf.mjs]
 *     [--only in-thread,pdfjs,pool1,pool2,pdftotext1,pdftotext2]
 *
 * Prints numbers; asserts nothing. Run it alone: it uses both cores.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_EXCLUDE, discoverFiles } from '../src/core/index';
import type { DiscoveredFile } from '../src/core/index/types';
import { createExtractor } from '../src/core/index/pipeline/extract';
import type { PdfjsLike } from '../src/core/index/pipeline/extract/pdf';
import { extractPdfText } from '../src/core/index/pipeline/extract/pdfRead';
import { installPdfjsNode20Polyfills } from '../src/core/index/pipeline/ocr/pdfjsNode20';

const run = promisify(execFile);

interface Result {
  name: string;
  pages: number;
  chars: number;
  seconds: number;
  cpuSeconds: number;
}

/**
 * CPU seconds used so far by this process (all threads) and its waited-for children. On a shared
 * machine wall time swings with other load; CPU time per page does much less.
 */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Linux /proc/self/stat fields 16-17: cutime, cstime in clock ticks (100 per second).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    children = Number.NaN; // not Linux: children's CPU unknown
  }
  return (own.user + own.system) / 1e6 + children;
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function timed(name: string, fn: () => Promise<{ pages: number; chars: number }>): Promise<Result> {
  // How long the calling thread's event loop stalls: in the extension host that thread is
  // shared with every other extension, so long stalls freeze the editor's features.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const start = performance.now();
  const cpuStart = cpuSeconds();
  const { pages, chars } = await fn();
  loopDelay.disable();
  const result = { name, pages, chars, seconds: (performance.now() - start) / 1000, cpuSeconds: cpuSeconds() - cpuStart };
  console.log(
    `${name.padEnd(30)} ${String(pages).padStart(6)} pages ${result.seconds.toFixed(2).padStart(7)} s ` +
      `${(pages / result.seconds).toFixed(0).padStart(5)} pages/s  cpu ${result.cpuSeconds.toFixed(2).padStart(6)} s ` +
      `${(pages / result.cpuSeconds).toFixed(0).padStart(5)} pages/cpu-s  ${(chars / 1e6).toFixed(2)} M chars  ` +
      `rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB  ` +
      `event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
  );
  return result;
}

/** Runs `task` over `items` with at most `concurrency` in flight. */
async function mapLimit<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T);
      }
    }),
  );
  return results;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

async function withExtractor(files: DiscoveredFile[], workers: number): Promise<{ pages: number; chars: number }> {
  const extractor = createExtractor({ workers });
  try {
    // Enough in flight to keep every thread busy; ordering is the indexer's business.
    const documents = await mapLimit(files, Math.max(1, workers * 2), (file) => extractor.extract(file));
    return { pages: sum(documents.map((d) => d.pages.length)), chars: sum(documents.map((d) => sum(d.pages.map((p) => p.length)))) };
  } finally {
    await extractor.close();
  }
}

async function withPdfjs(files: DiscoveredFile[], pdfjs: PdfjsLike): Promise<{ pages: number; chars: number }> {
  let pages = 0;
  let chars = 0;
  for (const file of files) {
    const text = await extractPdfText(new Uint8Array(await readFile(file.absPath)), { pdfjs });
    pages += text.pages.length;
    chars += sum(text.pages.map((p) => p.length));
  }
  return { pages, chars };
}

async function withPdftotext(files: DiscoveredFile[], processes: number, pageCount: number) {
  const chars = await mapLimit(files, processes, async (file) => {
    const { stdout } = await run('pdftotext', ['-q', file.absPath, '-'], { maxBuffer: 512 * 2 ** 20 });
    return stdout.length;
  });
  return { pages: pageCount, chars: sum(chars) };
}

async function main(): Promise<void> {
  const folder = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : undefined;
  if (!folder) {
    console.error('usage: bench-extract <folder of PDFs> [--only NAME,...] [--large]  (e.g. the corpus from ../shared/eval/fetch-corpus.sh)');
    process.exitCode = 2;
    return;
  }
  const exclude = process.argv.includes('--large') ? DEFAULT_EXCLUDE : [...DEFAULT_EXCLUDE, 'large/**'];
  // Scanned PDFs fail with 'no-text' by design; they would only measure error paths.
  const { files } = await discoverFiles(folder, { include: ['**/*.pdf'], exclude: [...exclude, 'scanned/**'] });
  console.log(`${files.length} PDFs under ${folder}, ${(sum(files.map((f) => f.size)) / 2 ** 20).toFixed(1)} MB`);
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores: above 2, wall times are shared)`,
  );

  const only = argValue('--only')?.split(',');
  const wanted = (name: string) => !only || only.includes(name);
  // pdftotext's pages are counted by our extraction: one in-thread pass is always needed.
  const inThread = await timed('unpdf, in-thread', () => withExtractor(files, 0));
  const pageCount = inThread.pages;
  const pdfjsPath = argValue('--pdfjs-dist');
  if (pdfjsPath && wanted('pdfjs')) {
    installPdfjsNode20Polyfills();
    const pdfjs = (await import(pathToFileURL(pdfjsPath).href)) as PdfjsLike;
    await timed('pdfjs-dist legacy, in-thread', () => withPdfjs(files, pdfjs));
  }
  if (wanted('pool1')) await timed('unpdf, pool of 1 worker', () => withExtractor(files, 1));
  if (wanted('pool2')) await timed('unpdf, pool of 2 workers', () => withExtractor(files, 2));
  const hasPdftotext = await run('pdftotext', ['-v']).then(
    () => true,
    () => false,
  );
  if (!hasPdftotext) console.log('pdftotext not installed (Debian: poppler-utils): no baseline');
  if (hasPdftotext && wanted('pdftotext1')) await timed('pdftotext, 1 process', () => withPdftotext(files, 1, pageCount));
  if (hasPdftotext && wanted('pdftotext2')) await timed('pdftotext, 2 processes', () => withPdftotext(files, 2, pageCount));
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
