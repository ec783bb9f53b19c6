/**
 * `search <folder> "<query>"`: the index's best chunks for a query, with where they come from.
 * Hybrid (full-text + vectors) when the index has embeddings, full-text otherwise; if the
 * embedder cannot run (Ollama down, model folder gone) it says so and searches full-text.
 * With `--folder DIR` (repeatable) it searches several folders' indexes as one (../folders).
 * Exit 0 with hits or none, 1 when there is no usable index, 2 on usage errors.
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import { IndexStoreError, SearchError, type Retriever, type SearchHit, type SearchOptions } from '../../core/index';
import { openSession } from '../../core/session';
import {
  TIMEOUT_USAGE,
  UsageError,
  dbOptions,
  jsonOptions,
  localPrecisionOptions,
  parseCommandArgs,
  stderrLogger,
  timeoutOptions,
  withUsage,
} from '../options';
import { MODEL_SERVER_USAGE, announceRemote, embedderDestination, modelServerOptions } from '../modelServerFlags';
import { settingsFromFlags, sourcesOf } from '../researchSession';
import {
  folderAndText,
  folderOptions,
  folderProblemLine,
  noteMissingLocally,
  foldersLinker,
  indexPathOf,
  resolveFolders,
  unindexedLine,
  type CliFolder,
} from '../folders';
import { LIBRARY_USAGE, scopeNameOfFlags, scopeOfFlags } from '../libraries';
import { formatLocation, labelHasSection, parsePositiveInt, snippet } from './searchFormat';
import type { LocationLinker } from '../terminalLinks';
import { terminalSafe } from '../../core/text/terminalSafe';

const usage = `search <folder> "<query>" [--folder DIR]... ${LIBRARY_USAGE} [--root DIR] [--refresh SECONDS] [--k N] [--mode auto|hybrid|fts|vector] [--path FILE]... [--db DIR] [--model-dir DIR] [--local-precision mixed|int8|fp32] ${MODEL_SERVER_USAGE} [--json] ${TIMEOUT_USAGE}`;

const options = {
  ...dbOptions,
  ...jsonOptions,
  ...folderOptions,
  k: { type: 'string' },
  mode: { type: 'string' },
  path: { type: 'string', multiple: true },
  'model-dir': { type: 'string' },
  ...modelServerOptions,
  ...localPrecisionOptions,
  ...timeoutOptions,
} as const;

const MODES: readonly NonNullable<SearchOptions['mode']>[] = ['auto', 'hybrid', 'fts', 'vector'];

export const command: CliCommand = {
  usage,
  summary:
    "Prints the index's best passages for a query and where each comes from: full-text " +
    'and vector search when the index has embeddings, full-text otherwise.',
  run: (args) => withUsage(usage, () => runSearch(args)),
};

async function runSearch(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  const { folder, text: query } = folderAndText(positionals, values.root, 'query');
  const folders = await resolveFolders(folder, values.folder, values.db, values.refresh, values.library);
  if (!query || query.trim() === '') throw new UsageError('missing "<query>"');
  const k = values.k === undefined ? 10 : parsePositiveInt(values.k, '--k');
  const mode = (values.mode ?? 'auto') as NonNullable<SearchOptions['mode']>;
  if (!MODES.includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}, not '${values.mode}'`);
  const logger = stderrLogger();
  const indexProblem = (error: IndexStoreError) => {
    process.stderr.write(`error: ${folderProblemLine(error, folders, values.db)}\n`);
    return 1;
  };

  const session = openSession({ settings: settingsFromFlags(values), sources: sourcesOf(folders), logger });
  let opened;
  try {
    opened = await session.open();
  } catch (error) {
    await session.close();
    if (!(error instanceof IndexStoreError)) throw error;
    return indexProblem(error);
  }
  const { retriever } = opened;
  announceRemote({ modelServers: opened.embedders.flatMap((e) => embedderDestination(e, 'questions') ?? []) });
  if (opened.unindexed.length > 0)
    process.stderr.write(
      `${unindexedLine(
        opened.unindexed.map((s) => s.label),
        folders,
        values.db,
      )}\n`,
    );
  try {
    const scoped = await scopeOfFlags(folders, values);
    const typed = values.path ? await indexedPaths(values.path, folders, retriever) : undefined;
    const paths = scoped || typed ? [...(typed ?? []), ...(scoped ?? [])] : undefined;
    if (paths && paths.length === 0) {
      // Without this, a path typed wrong searched nothing and printed "no matches".
      const relativeTo = folders.length === 1 ? folders[0]!.path : `the folder, behind its name: ${folders.map((f) => `${f.label}/`).join(', ')}`;
      const listing = folders.map((f) => `status ${f.path} --json`).join(', ');
      process.stderr.write(
        `error: --path ${values.path!.join(', ')}: no such document in the index (paths are relative to ${relativeTo}); list them with: ${listing}\n`,
      );
      return 1;
    }
    // What is searched, in the words the chat uses ("Searching your Thesis collection…"), unless typed paths narrow it too.
    const scopeName = typed ? undefined : scopeNameOfFlags(values);
    if (scopeName) process.stderr.write(`Searching ${terminalSafe(scopeName)}…\n`);
    const started = performance.now();
    const hits = await retriever.search(query, { k, mode, paths });
    const milliseconds = Math.round(performance.now() - started);
    if (values.json) {
      process.stdout.write(jsonLine({ query, k, mode, milliseconds, hits }));
    } else {
      printHits(hits, foldersLinker(folders));
    }
    noteMissingLocally(
      hits.map((h) => h.path),
      folders,
    );
    return 0;
  } catch (error) {
    if (error instanceof SearchError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    // Damage found mid-query (a file that no longer reads): the same line as at open.
    if (error instanceof IndexStoreError) return indexProblem(error);
    throw error;
  } finally {
    await session.close();
  }
}

/**
 * The `--path` values as the index names documents: relative to the folder with '/' (behind the
 * folder's name with several folders), whether typed that way or as a path from the current
 * directory. Unknown ones are dropped with a warning.
 */
async function indexedPaths(given: string[], folders: readonly CliFolder[], retriever: Retriever): Promise<string[]> {
  const known = new Set((await retriever.listDocuments()).map((d) => d.path));
  const found: string[] = [];
  for (const path of given) {
    const { typed, fromCwd } = indexPathOf(path, folders);
    const match = [path, typed, fromCwd].find((p) => p !== null && known.has(p));
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
