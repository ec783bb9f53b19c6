/**
 * `search <folder> "<query>"`: the index's best chunks for a query, with where they come from.
 * Hybrid (full-text + vectors) when the index has embeddings, full-text otherwise; if the
 * embedder cannot run (Ollama down, model folder gone) it says so and searches full-text.
 * Exit 0 with hits or none, 1 when there is no usable index, 2 on usage errors.
 */
import type { CliCommand } from '../command';
import { createRetriever, SearchError } from '../../core/index/search';
import { embedderForIndex } from '../../core/index/embed/select';
import { EmbedderError } from '../../core/index/embed/errors';
import { IndexStoreError, openIndexStore, type IndexStore } from '../../core/index/store';
import { relative, resolve, sep } from 'node:path';
import type { SearchHit, SearchOptions } from '../../core/index/types';
import {
  TIMEOUT_USAGE, UsageError, dbOptions, jsonOptions, limitsFromFlags, localPrecisionOptions, parseCommandArgs, parseLocalPrecision, resolveDbDir, resolveFolder, stderrLogger, timeoutOptions, withUsage,
} from '../options';
import { formatLocation, labelHasSection, parsePositiveInt, snippet } from './searchFormat';
import { indexProblemLine } from '../indexProblem';
import { stdoutLinker, type LocationLinker } from '../terminalLinks';
import { terminalSafe } from '../../core/text/terminalSafe';

const usage = `search <folder> "<query>" [--k N] [--mode auto|hybrid|fts|vector] [--path FILE]... [--db DIR] [--model-dir DIR] [--local-precision mixed|int8|fp32] [--json] ${TIMEOUT_USAGE}`;

const options = {
  ...dbOptions,
  ...jsonOptions,
  k: { type: 'string' },
  mode: { type: 'string' },
  path: { type: 'string', multiple: true },
  'model-dir': { type: 'string' },
  ...localPrecisionOptions,
  ...timeoutOptions,
} as const;

const MODES: readonly NonNullable<SearchOptions['mode']>[] = ['auto', 'hybrid', 'fts', 'vector'];

export const command: CliCommand = {
  usage,
  run: (args) => withUsage(usage, () => runSearch(args)),
};

async function runSearch(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  if (positionals.length > 2) throw new UsageError(`unexpected argument '${positionals[2]}' (quote the query)`);
  const folder = await resolveFolder(positionals[0]);
  const query = positionals[1];
  if (!query || query.trim() === '') throw new UsageError('missing "<query>"');
  const k = values.k === undefined ? 10 : parsePositiveInt(values.k, '--k');
  const mode = (values.mode ?? 'auto') as NonNullable<SearchOptions['mode']>;
  if (!MODES.includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}, not '${values.mode}'`);
  const dbDir = resolveDbDir(folder, values.db);
  const localPrecision = parseLocalPrecision(values['local-precision']);
  const limits = limitsFromFlags(values);
  const logger = stderrLogger();

  let store;
  try {
    store = await openIndexStore(dbDir);
  } catch (error) {
    if (!(error instanceof IndexStoreError)) throw error;
    process.stderr.write(`error: ${indexProblemLine(error, folder, values.db)}\n`);
    return 1;
  }
  let embedder = null;
  try {
    embedder = embedderForIndex(store.meta(), { modelDir: values['model-dir'] ?? null, localPrecision, limits });
  } catch (error) {
    if (!(error instanceof EmbedderError)) throw error;
    logger.warn(`${error.message}; searching full-text only`);
  }
  try {
    const paths = values.path ? await indexedPaths(values.path, folder, store) : undefined;
    if (paths && paths.length === 0) {
      // Without this, a path typed wrong searched nothing and printed "no matches".
      process.stderr.write(`error: --path ${values.path!.join(', ')}: no such document in the index (paths are relative to ${folder}); list them with: status ${folder} --json\n`);
      return 1;
    }
    const started = performance.now();
    const retriever = createRetriever(store, embedder, { logger });
    const hits = await retriever.search(query, { k, mode, paths });
    const milliseconds = Math.round(performance.now() - started);
    if (values.json) {
      process.stdout.write(JSON.stringify({ query, k, mode, milliseconds, hits }) + '\n');
    } else {
      printHits(hits, stdoutLinker(folder));
    }
    return 0;
  } catch (error) {
    if (error instanceof SearchError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    // Damage found mid-query (a file that no longer reads): the same line as at open.
    if (error instanceof IndexStoreError) {
      process.stderr.write(`error: ${indexProblemLine(error, folder, values.db)}\n`);
      return 1;
    }
    throw error;
  } finally {
    await embedder?.close();
    store.close();
  }
}

/**
 * The `--path` values as the index names documents: relative to the folder with '/', whether typed
 * that way or as a path from the current directory. Unknown ones are dropped with a warning.
 */
async function indexedPaths(given: string[], folder: string, store: IndexStore): Promise<string[]> {
  const known = new Set((await store.documents()).map((d) => d.path));
  const found: string[] = [];
  for (const path of given) {
    const fromCwd = relative(folder, resolve(path)).split(sep).join('/');
    const match = [path, fromCwd].find((p) => known.has(p));
    if (match) found.push(match);
    else if (given.length > 1) process.stderr.write(`warning: --path ${path}: no such document in the index; searching the others\n`);
  }
  return found;
}

function printHits(hits: SearchHit[], linker: LocationLinker): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (hits.length === 0) {
    out('no matches');
    return;
  }
  hits.forEach((hit, index) => {
    // Headings and text are the document's own characters: made terminalSafe (links are ours, added after).
    const heading = hit.heading && !labelHasSection(hit) ? `  [${terminalSafe(hit.heading)}]` : '';
    out(`${index + 1}. ${formatLocation(hit, linker)}${heading}  (score ${hit.score.toFixed(4)})`);
    out(`   ${snippet(terminalSafe(hit.text), 240)}`);
  });
}
