/**
 * What reading one file may cost. One table names every per-file limit once: its default, the CLI
 * flag and the VS Code setting that raise it, so a file over a limit is one line that says which
 * knob to turn (as core/llm/timeouts.ts does for network waits). Hosts build their flags and
 * settings from it. The size limits that come before any reading (`--max-pdf-mb`,
 * `--max-text-mb`) and OCR's own (ocr/settings.ts) are kept where they were.
 */

export type FileLimitName = 'maxUnzippedBytes' | 'maxChars' | 'maxPages' | 'fileTimeoutMs' | 'workerMemoryMb';

export type FileLimits = Record<FileLimitName, number>;

export interface FileLimitSpec {
  /** In the limit's own unit (bytes, characters, pages, ms, MB). */
  defaultValue: number;
  /** CLI flag of `index`, in the unit `flagUnit` says. */
  flag: string;
  flagUnit: 'MB' | 'N' | 'SECONDS';
  /** VS Code setting under `research.`. */
  setting: string;
}

const MB = 1024 * 1024;

export const FILE_LIMITS: Record<FileLimitName, FileLimitSpec> = {
  // A DOCX's XML parts, summed, as they inflate. mammoth holds a parsed copy of what it reads
  // (about 250 bytes of memory per byte of XML made of tiny paragraphs, measured in
  // docs/benchmarks.md), so what passes here is still bounded by the thread's memory limit.
  maxUnzippedBytes: { defaultValue: 100 * MB, flag: '--max-unzipped-mb', flagUnit: 'MB', setting: 'index.maxUnzippedMb' },
  // Text kept per document: 20 million characters is about 10,000 pages of a book.
  maxChars: { defaultValue: 20_000_000, flag: '--max-chars', flagUnit: 'N', setting: 'index.maxCharsPerFile' },
  // PDF pages read per document (the longest manual of the corpora has 2,415).
  maxPages: { defaultValue: 10_000, flag: '--max-pages', flagUnit: 'N', setting: 'index.maxPdfPages' },
  // Wall time for one file on an extraction thread (PDF, HTML, DOCX); OCR has its own page limit.
  // A PDF keeps the pages read by then (the corpora's longest manual took 12 s); HTML and DOCX fail.
  fileTimeoutMs: { defaultValue: 120_000, flag: '--file-timeout', flagUnit: 'SECONDS', setting: 'index.fileTimeoutSeconds' },
  // The JavaScript heap of each extraction thread: a file that needs more stops its thread only.
  // Not lower: V8 grows a small heap in small steps and collects more often, and at 512 MB the
  // papers corpus indexed about 15% slower (docs/benchmarks.md, "The extraction threads' heap").
  // The bombs are stopped earlier by the input limits (unzipped bytes, pages, pixels).
  workerMemoryMb: { defaultValue: 2048, flag: '--max-worker-mb', flagUnit: 'MB', setting: 'index.workerMemoryMb' },
};

export const DEFAULT_FILE_LIMITS: FileLimits = Object.fromEntries(Object.entries(FILE_LIMITS).map(([name, spec]) => [name, spec.defaultValue])) as FileLimits;

/** How to raise a limit, in both hosts' words: "raise --max-pages (VS Code: research.index.maxPdfPages)". */
export function raiseFileLimit(name: FileLimitName): string {
  const spec = FILE_LIMITS[name];
  return `raise ${spec.flag} (VS Code: research.${spec.setting})`;
}

/** The limits with the defaults filled in. */
export function fileLimitsOf(given: Partial<FileLimits> | undefined): FileLimits {
  const limits = { ...DEFAULT_FILE_LIMITS };
  for (const name of Object.keys(limits) as FileLimitName[]) {
    const value = given?.[name];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) limits[name] = value;
  }
  return limits;
}

/** "20,000,000": counts in lines a person reads. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "100 MB", "1.5 MB": a byte limit as the flags take it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
}
