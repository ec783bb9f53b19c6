/**
 * `index <folder>`: builds or updates the folder's index and prints what it did. Exit codes:
 * 0 done (maybe with per-file warnings), 1 nothing could be indexed or the index itself failed,
 * 2 usage, 130 cancelled with Ctrl-C (what was indexed is kept; rerun to finish).
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import { basename } from 'node:path';
import { EmbedderError, IndexStoreError, InvalidChunkOptionsError, OcrError, type IndexSummary } from '../../core/index';
import { isZoteroReadError, librariesOutside, libraryKind, LibraryGoneError, type LibraryOutside, type LibraryRun } from '../../core/library';
import { libraryAsSource, openSession, type Source } from '../../core/session';
import { ocrOptions, ocrSettingsFromFlags, ocrSummaryLines } from '../ocrFlags';
import { FILE_LIMIT_USAGE, fileLimitOptions, fileLimitsFromFlags } from '../fileLimitFlags';
import { createProgressView, showIndexRun } from '../progress';
import { MODEL_SERVER_USAGE, announceRemote, embedderDestination, modelChoiceFromFlags, modelServerOptions } from '../modelServerFlags';
import { indexProblemLine } from '../indexProblem';
import { safeText } from '../terminalLinks';
import {
  TIMEOUT_USAGE,
  UsageError,
  dbOptions,
  embedOptions,
  embedSelectionFromFlags,
  jsonOptions,
  parseCommandArgs,
  resolveDbDir,
  resolveFolder,
  stderrLogger,
  withUsage,
} from '../options';

const usage = `index [<folder>] [--library DIR]... [--db DIR] [--embed auto|ollama|local|none] [--model-dir DIR] [--local-precision mixed|int8|fp32] [--embed-model NAME] ${MODEL_SERVER_USAGE} [--rebuild] [--include GLOB]... [--exclude GLOB]... [--chunk-size N] [--overlap N] [--max-text-mb N] [--max-pdf-mb N] [--ocr auto|off] [--ocr-lang eng+deu] [--ocr-lang-dir DIR] [--ocr-max-pages N] [--ocr-max-megapixels N] ${FILE_LIMIT_USAGE} [--json] ${TIMEOUT_USAGE}`;

const options = {
  ...dbOptions,
  ...jsonOptions,
  ...embedOptions,
  ...modelServerOptions,
  rebuild: { type: 'boolean', default: false },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'chunk-size': { type: 'string' },
  overlap: { type: 'string' },
  'max-text-mb': { type: 'string' },
  'max-pdf-mb': { type: 'string' },
  ...ocrOptions,
  ...fileLimitOptions,
  library: { type: 'string', multiple: true },
} as const;

export const command: CliCommand = {
  usage,
  summary:
    "Builds or updates the folder's index of its PDF, Word, HTML, Markdown and text files " +
    'and prints what it did. Ctrl-C keeps what was indexed: run it again to finish.',
  run: (args) => withUsage(usage, () => runIndex(args)),
};

async function runIndex(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const libraries = await Promise.all((values.library ?? []).map((dir) => resolveFolder(dir)));
  if (values.db && libraries.length + (positionals[0] !== undefined ? 1 : 0) > 1)
    throw new UsageError('--db names one index: a library given with --library has its own, in the cache folder', { showUsage: false });
  // `index --library DIR` alone indexes the library only; `index` alone, the current folder.
  const targets: Target[] = positionals[0] !== undefined || libraries.length === 0 ? [workspaceTarget(await resolveFolder(positionals[0]), values.db)] : [];
  for (const root of libraries) if (!targets.some((t) => t.source.root === root)) targets.push({ source: libraryAsSource(root), library: true });
  const { mode, modelDir, ollamaModel, localPrecision, limits: networkLimits } = embedSelectionFromFlags(values);
  const chunking = { chunkSize: optionalInt(values['chunk-size'], '--chunk-size'), overlap: optionalInt(values.overlap, '--overlap') };
  const limits = {
    maxTextBytes: optionalMegabytes(values['max-text-mb'], '--max-text-mb'),
    maxPdfBytes: optionalMegabytes(values['max-pdf-mb'], '--max-pdf-mb'),
    ...fileLimitsFromFlags(values),
  };
  const ocr = ocrSettingsFromFlags(values);
  const json = values.json;
  const logger = stderrLogger();
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const session = openSession({
    settings: {
      model: modelChoiceFromFlags(values),
      ollamaHost: null,
      limits: networkLimits ?? {},
      chat: {},
      embedding: { mode, modelDir, ollamaModel, localPrecision },
      index: { include: values.include, exclude: values.exclude, followLinksInto: values['follow-links-into'], chunking, limits, ocr },
    },
    sources: targets.map((t) => t.source),
    logger,
  });

  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130); // a second Ctrl-C means "now"
    say('\nstopping after the current document (Ctrl-C again to quit at once)...');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  let status = 0;
  try {
    for (const target of targets) {
      status = Math.max(status, await indexTarget(target));
      if (status === 130) break;
    }
    return status;
  } finally {
    process.off('SIGINT', onSigint);
    await session.close();
  }

  async function indexTarget({ source, library }: Target): Promise<number> {
    const { root: folder, dbDir } = source;
    const progress = createProgressView(process.stderr, json);
    try {
      return await indexAndReport(source, progress, library);
    } catch (error) {
      if (isZoteroReadError(error) || error instanceof LibraryGoneError) {
        say(`error: ${safeText(error.message)}${isZoteroReadError(error) ? `; the last index of this library (${dbDir}) is kept and still answers` : ''}`);
        return 1;
      }
      if (error instanceof IndexStoreError || error instanceof EmbedderError || error instanceof InvalidChunkOptionsError || error instanceof OcrError) {
        const action = (error as { action?: unknown }).action;
        say(
          `error: ${error instanceof IndexStoreError ? indexProblemLine(error, folder, values.db) : error.message}${typeof action === 'string' ? `: ${action}` : ''}`,
        );
        // Nothing was written when `auto` kept the index's embedder: there is nothing to resume.
        if (error instanceof EmbedderError && error.code !== 'embedder-kept')
          say('documents indexed before this are kept; run the same command again to resume');
        return 1;
      }
      throw error;
    }
  }

  async function indexAndReport(source: Source, progress: ReturnType<typeof createProgressView>, library: boolean): Promise<number> {
    const { root: folder, dbDir } = source;
    // `auto` prefers what the index was built with (core/index/embed/select.ts).
    const indexing = session.index(source, {
      rebuild: values.rebuild,
      signal: controller.signal,
      onEmbedderChosen: (choice) => {
        if (!json) say(`embeddings: ${choice.reason}`);
        announceRemote({ modelServers: [embedderDestination(choice.embedder, 'document text')].flatMap((d) => d ?? []) });
      },
    });
    // The choice was said when it was made: the summary (and --json) is the run's alone.
    const { embeddingChoice: _said, ...summary } = await showIndexRun<IndexSummary & Partial<LibraryRun>>(indexing, progress);
    if (json) process.stdout.write(jsonLine({ index: dbDir, ...summary }));
    else printSummary(summary, dbDir, folder);
    if (summary.upToDate) return 0;
    if (summary.cancelled) return 130;
    // PDFs the folder's bib files name outside it: never read without the user's step, said with that step.
    const outside = source.kind === 'folder' && !library ? await librariesOutside(folder, values.exclude ? { exclude: values.exclude } : {}) : [];
    const notAdded = outside.filter((l) => !targets.some((t) => t.source.root === l.root));
    for (const line of outsideLines(notAdded, folder)) say(line);
    const indexedSomething = summary.indexed + summary.skipped > 0;
    // A manuscript folder with nothing of its own to index beside its libraries is not a failure.
    if (!indexedSomething && !(summary.files === 0 && (targets.length > 1 || outside.length > 0))) {
      if (!json) say(summary.files === 0 ? `error: no documents (PDF, Markdown, text) found in ${folder}` : 'error: no file could be indexed');
      return 1;
    }
    return 0;
  }
}

interface Target {
  source: Source;
  /** Given with --library: a library, not the workspace. */
  library: boolean;
}

/** `<folder>`: a Zotero data directory is read as its library (its index in the cache folder, or --db); any other folder is a workspace. */
function workspaceTarget(folder: string, db: string | undefined): Target {
  if (libraryKind(folder) === 'zotero') return { source: libraryAsSource(folder, db ? { dbDir: resolveDbDir(folder, db) } : {}), library: true };
  return { source: { kind: 'folder', label: basename(folder), root: folder, dbDir: resolveDbDir(folder, db) }, library: false };
}

/** One note per library the folder's bib files point into, with the commands that add it. */
function outsideLines(libraries: readonly LibraryOutside[], folder: string): string[] {
  return libraries.map((l) => {
    const what = l.kind === 'zotero' ? `the Zotero library ${l.root}` : l.root;
    const bibs = l.bibFiles.join(', ');
    return safeText(
      `note: ${bibs} ${l.bibFiles.length === 1 ? 'points' : 'point'} at ${l.pdfs} PDF${l.pdfs === 1 ? '' : 's'} outside ${folder}, in ${what}; ` +
        `they are not read until it is added as a library: \`index --library ${l.root}\`, then \`ask ${folder} "…" --library ${l.root}\``,
    );
  });
}

function printSummary(s: IndexSummary & Partial<LibraryRun>, dbDir: string, folder: string): void {
  // File names and the reasons quoting them are anyone's characters: controls print as '?'.
  const out = (line: string) => process.stdout.write(`${safeText(line)}\n`);
  for (const notice of s.notices) out(`note: ${notice}`);
  const items = s.items ? `  Zotero items: ${s.items.total} (${s.items.withPdf} with a PDF)` : null;
  if (s.upToDate) {
    out(`up to date: the Zotero library ${folder} is unchanged since its last run -> ${dbDir}`);
    if (items) out(items);
    return;
  }
  if (items) out(items);
  out(`${s.cancelled ? 'cancelled' : 'indexed'} ${folder} -> ${dbDir}`);
  out(`  files: ${s.files} (${s.indexed} indexed, ${s.skipped} unchanged, ${s.removed} removed, ${s.failed.length} failed)`);
  out(`  pages: ${s.pages}, chunks: ${s.chunks}, ${s.seconds.toFixed(1)} s, ${s.pagesPerSecond.toFixed(1)} pages/s, embeddings: ${s.embedder}`);
  for (const line of ocrSummaryLines(s.ocr)) out(line);
  if (s.failed.length > 0) {
    out(`warning: ${s.failed.length} file(s) could not be indexed:`);
    for (const f of s.failed) out(`  ${f.path}: ${f.reason} [${f.code}]`);
    if (s.failed.some((f) => f.code === 'too-large')) out('  (raise the limits with --max-text-mb N and --max-pdf-mb N)');
  }
  if (s.warned.length > 0) {
    // Indexed, but the user should know: searching these may miss text.
    out(`note: ${s.warned.length} file(s) indexed with warnings:`);
    for (const w of s.warned) out(`  ${w.path}: ${w.warnings.join('; ')}`);
  }
  if (s.cancelled) out('the index is consistent; run the same command again to finish');
}

/** `--max-text-mb 80`, `--max-pdf-mb 400.5`: a size limit in megabytes (MiB, as the messages print them), as bytes. */
function optionalMegabytes(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a size in MB greater than 0, not '${value}'`);
  return Math.round(n * 1024 * 1024);
}

function optionalInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, not '${value}'`);
  return n;
}
