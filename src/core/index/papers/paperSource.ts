/**
 * The paper library of one index, kept current for a retriever (../../papers/paperLibrary.ts): what its
 * PDFs say (the `paper_fields` table an index run fills) merged with the BibTeX files found in the
 * indexed folder, which are read here, not by the index run, so that adding, editing or removing a
 * .bib takes effect at the next question without indexing anything.
 *
 * Cost: the folder is walked for `*.bib` once (and again on `refresh()`, which the editor's file
 * watcher calls); before each use the known bib files are stat'ed, at most every CHECK_MS. A bib
 * file is read once: the record of its read is kept in the per-user cache folder
 * (../../papers/bib/bibCache.ts), so another process (every CLI command) takes it from there while
 * the file is unchanged, and a changed one parses only the entries whose text changed. Only a
 * regular file is read (a FIFO named `refs.bib` would block), up to MAX_BIB_BYTES, within the
 * limits of ../../papers/bib/parseBib.ts; each file's problems are one counted line in the log.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Logger } from '../../ports';
import { buildLibrary, EMPTY_LIBRARY, type PaperLibrary } from '../../papers/paperLibrary';
import { loadBibRecord, saveBibRecord, sameStamp, type BibFileStamp } from '../../papers/bib/bibCache';
import { appCacheDir } from '../cacheDir';
import { assembleBib, parseBibText, type ParsedBib } from '../../papers/bib/parseBib';
import { readTextFile, UnreadableFileError } from '../../text/readTextFile';
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
  /** Where the records of bib files' reads are kept (../../papers/bib/bibCache.ts); null keeps none. Default: the per-user cache folder. */
  cacheDir?: string | null;
}

const CHECK_MS = 2000;
export const BIB_INCLUDE = ['**/*.bib'];

interface BibFileState extends BibFileStamp {
  path: string;
  parsed: ParsedBib;
  /** False when the read stopped at its time limit: the next use goes on reading. */
  complete: boolean;
}

/** A bib file past this size is not read (one line says so): a lab's 20,000 entries are 5 MB. */
export const MAX_BIB_BYTES = 32 * 1024 * 1024;

export function paperSource(store: IndexStore, options: PaperSourceOptions = {}): PaperSource {
  let bibPaths: Promise<string[]> | null = null;
  const bibFiles = new Map<string, BibFileState>();
  let built: { library: Promise<PaperLibrary>; key: string } | null = null;
  let checkedAt = -Infinity;
  const reported = new Set<string>();
  /** Some bib file's read stopped at its time limit: the next question reads on (the key alone would say nothing changed). */
  let incomplete = false;
  const cacheDir = options.cacheDir === undefined ? join(appCacheDir(), 'bibs') : options.cacheDir;

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
    let info;
    try {
      info = await stat(absolute);
    } catch (error) {
      if (signal?.aborted) throw error;
      bibFiles.delete(path);
      return null;
    }
    const stamp = { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
    const held = bibFiles.get(path);
    if (held && sameStamp(held, stamp) && held.complete) return held;
    const state = { path, ...stamp, ...(await readBibFile(absolute, path, info.isFile() ? stamp : null, signal)) };
    bibFiles.set(path, state);
    return state;
  }

  /**
   * The file's entries: from the cache's record of its last read while the file is unchanged,
   * else read (only a regular file, within its size limit, in the encoding it is in) and parsed,
   * with the blocks the record knows not parsed again.
   */
  async function readBibFile(
    absolute: string,
    path: string,
    stamp: BibFileStamp | null,
    signal?: AbortSignal,
  ): Promise<{ parsed: ParsedBib; complete: boolean }> {
    const unreadable = (message: string) => ({ parsed: { entries: [], problems: [{ bibFile: path, line: 1, message }] }, complete: true });
    if (!stamp) return unreadable('not a regular file (a FIFO, a device or a socket): not read');
    const record = cacheDir ? await loadBibRecord(cacheDir, absolute) : null;
    // A read cut short by its time limit (blocks without a result) goes on where it stopped.
    if (record && sameStamp(record, stamp) && record.blocks.every((b) => b.result !== null))
      return { parsed: assembleBib(record.blocks, path, record.fileProblems), complete: true };
    let file;
    try {
      file = await readTextFile(absolute, MAX_BIB_BYTES);
    } catch (error) {
      if (error instanceof UnreadableFileError) return unreadable(`${error.detail}: not read`);
      throw error;
    }
    const known = new Map(record?.blocks.flatMap((b) => (b.result ? [[b.hash, b.result] as const] : [])) ?? []);
    const read = await parseBibText(file.text, path, { yieldNow: () => yieldToLoop(), signal, known });
    if (file.encoding === 'windows-1252') {
      const note = { bibFile: path, line: 1, message: 'not UTF-8: read as Windows-1252 (Latin-1); if accents look wrong, save it as UTF-8' };
      read.fileProblems.unshift(note);
      read.problems.unshift(note);
    }
    if (cacheDir) await saveBibRecord(cacheDir, { path: absolute, ...stamp, blocks: read.blocks, fileProblems: read.fileProblems });
    return { parsed: { entries: read.entries, problems: read.problems }, complete: read.blocks.every((b) => b.result !== null) };
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
    incomplete = bibs.some((b) => !b.complete);
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
      const count = list.reduce((sum, p) => sum + (p.more ?? 1), 0) - 1;
      const more = count > 0 ? ` (and ${count.toLocaleString('en')} more problems: the papers command lists them)` : '';
      const message = first!.message.length > 300 ? `${first!.message.slice(0, 300)}…` : first!.message;
      const line = `papers: ${file}:${first!.line}: ${message}${more}`;
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
      if (built.key === key && bibPaths) built.key = incomplete ? '' : await stateKey();
      return result;
    },
    refresh() {
      bibPaths = null;
      built = null;
      checkedAt = -Infinity;
    },
  };
}
