/**
 * The paper library of one index, kept current for a retriever (../../papers/paperLibrary.ts): what its
 * PDFs say (the `paper_fields` table an index run fills) merged with the BibTeX files found in the
 * indexed folder, which are read here, not by the index run, so that adding, editing or removing a
 * .bib takes effect at the next question without indexing anything.
 *
 * Cost: the folder is walked for `*.bib` once (and again on `refresh()`, which the editor's file
 * watcher calls); before each use the known bib files are stat'ed, at most every CHECK_MS, and a
 * changed one is parsed again (entries memoised by their text, so an edit parses one entry).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Logger } from '../../ports';
import { buildLibrary, EMPTY_LIBRARY, type PaperLibrary } from '../../papers/paperLibrary';
import { parseBibText, type ParsedBib } from '../../papers/bib/parseBib';
import { readStoredPapers } from '../../papers/storedFields';
import { discoverFiles } from '../pipeline/discover';
import type { IndexStore } from '../store/indexStore';

export interface PaperSource {
  /** The library as it is now (bib files re-checked at most every CHECK_MS). */
  current(signal?: AbortSignal): Promise<PaperLibrary>;
  /** Looks for bib files again and rebuilds at the next use (a .bib was added, changed or removed). */
  refresh(): void;
}

export interface PaperSourceOptions {
  /** The indexed folder, where bib files are looked for; without it, records come from the PDFs alone. */
  root?: string;
  exclude?: string[];
  /** Folders never walked (the index's own). */
  skipDirs?: string[];
  logger?: Logger;
}

const CHECK_MS = 2000;
export const BIB_INCLUDE = ['**/*.bib'];

interface BibFileState {
  path: string;
  size: number;
  mtimeMs: number;
  parsed: ParsedBib;
}

export function paperSource(store: IndexStore, options: PaperSourceOptions = {}): PaperSource {
  let bibPaths: Promise<string[]> | null = null;
  const bibFiles = new Map<string, BibFileState>();
  let built: { library: Promise<PaperLibrary>; key: string } | null = null;
  let checkedAt = -Infinity;
  const reported = new Set<string>();

  async function findBibs(signal?: AbortSignal): Promise<string[]> {
    if (!options.root) return [];
    const found = await discoverFiles(options.root, {
      include: BIB_INCLUDE,
      exclude: options.exclude,
      skipDirs: options.skipDirs,
      // A library linked into the folder (Zotero's storage, a shared drive) holds its bib files too.
      followLinksInto: store.meta().followLinksInto,
      signal,
    });
    return found.files.map((f) => f.path).sort();
  }

  async function readBib(path: string, signal?: AbortSignal): Promise<BibFileState | null> {
    const absolute = join(options.root!, path);
    try {
      const info = await stat(absolute);
      const held = bibFiles.get(path);
      if (held && held.size === info.size && held.mtimeMs === info.mtimeMs) return held;
      const text = await readFile(absolute, 'utf8');
      const parsed = await parseBibText(text, path, { yieldNow: () => yieldToLoop(), signal });
      const state = { path, size: info.size, mtimeMs: info.mtimeMs, parsed };
      bibFiles.set(path, state);
      return state;
    } catch (error) {
      if (signal?.aborted) throw error;
      bibFiles.delete(path);
      options.logger?.warn(`papers: ${path} cannot be read`, error);
      return null;
    }
  }

  async function build(signal?: AbortSignal): Promise<PaperLibrary> {
    bibPaths ??= findBibs(signal);
    const paths = await bibPaths;
    const bibs = (await Promise.all(paths.map((path) => readBib(path, signal)))).filter((b): b is BibFileState => b !== null);
    const [documents, stored] = await Promise.all([store.documents(), readStoredPapers(store)]);
    const library = buildLibrary(
      documents.map((d) => ({ path: d.path, fields: stored.get(d.path)?.fields ?? null, pageLabels: stored.get(d.path)?.pageLabels ?? null })),
      bibs.map((b) => b.parsed),
      options.root,
    );
    reportProblems(library.problems);
    return library;
  }

  /**
   * One line per bib file, once: a bib beside drafts can name 30 PDFs that are elsewhere, and 30
   * warnings before every answer would bury it. The papers command and Show Papers list them all.
   */
  function reportProblems(problems: PaperLibrary['problems']): void {
    const byFile = new Map<string, PaperLibrary['problems']>();
    for (const problem of problems) byFile.set(problem.bibFile, [...(byFile.get(problem.bibFile) ?? []), problem]);
    for (const [file, list] of byFile) {
      const [first] = list;
      const more = list.length > 1 ? ` (and ${list.length - 1} more entries that could not be used: the papers command lists them)` : '';
      const line = `papers: ${file}:${first!.line}: ${first!.message}${more}`;
      if (!reported.has(line)) options.logger?.warn(line);
      reported.add(line);
    }
  }

  /** What the library depends on, cheap to compare: the bib files' sizes and times, the document list. */
  async function stateKey(): Promise<string> {
    const paths = bibPaths ? await bibPaths : [];
    const stats = await Promise.all(
      paths.map((path) =>
        stat(join(options.root!, path)).then(
          (s) => `${path}:${s.size}:${s.mtimeMs}`,
          () => `${path}:gone`,
        ),
      ),
    );
    const documents = await store.documents();
    return `${stats.join('|')}#${documents.length}:${documents.map((d) => d.contentHash).join('')}`;
  }

  return {
    async current(signal) {
      if (built && performance.now() - checkedAt < CHECK_MS) return built.library;
      checkedAt = performance.now();
      const key = await stateKey();
      if (built?.key === key) return built.library;
      const library = build(signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        options.logger?.warn('papers: the library could not be read; citations name files', error);
        return EMPTY_LIBRARY;
      });
      built = { library, key };
      const result = await library;
      // The key was taken before the build found the bib files the first time.
      if (built.key === key && bibPaths) built.key = await stateKey();
      return result;
    },
    refresh() {
      bibPaths = null;
      built = null;
      checkedAt = -Infinity;
    },
  };
}
