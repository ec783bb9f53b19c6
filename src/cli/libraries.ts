/**
 * Libraries on the command line: `--library DIR` (repeatable) adds a Zotero data directory or a
 * folder of papers to what `ask`, `chat`, `search`, `check` and `papers` search, each from its own
 * index (a library's lives in the user's cache folder: src/core/library); a Zotero data directory
 * given as `<folder>` is read as its library too. `--collection NAME|PATH` and `--tag NAME` scope
 * to a Zotero collection (subcollections included) or tag.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_INDEX_DIR_NAME, inFolder } from '../core/index';
import {
  documentFiles,
  libraryKind,
  librarySource,
  LIBRARY_RECORD_FILE,
  readLibraryRecord,
  ScopeError,
  scopedPaths,
  type LibraryRecord,
  type LibrarySource,
} from '../core/library';
import type { LocationLinker } from './terminalLinks';
import { librarySearchName } from '../core/graph/scope';
import { terminalSafe } from '../core/text/terminalSafe';
import { UsageError, resolveFolder } from './options';
import type { CliFolder } from './cliFolder';

export const libraryOptions = {
  library: { type: 'string', multiple: true },
  collection: { type: 'string' },
  tag: { type: 'string' },
} as const;

export const LIBRARY_USAGE = '[--library DIR]... [--collection NAME|PATH] [--tag NAME]';

const hasIndex = (dbDir: string) => existsSync(join(dbDir, 'index-meta.json'));

/**
 * `--library DIR`: a Zotero data directory's index in the cache folder; a folder of papers' index
 * in the cache folder, or the one inside the folder when only that exists (a folder indexed as a
 * workspace is a library as it is).
 */
export async function libraryFolder(dir: string): Promise<LibrarySource> {
  const root = await resolveFolder(dir);
  const source = librarySource(root);
  if (source.kind === 'folder' && !hasIndex(source.dbDir) && hasIndex(join(root, DEFAULT_INDEX_DIR_NAME))) {
    return { ...source, dbDir: join(root, DEFAULT_INDEX_DIR_NAME) };
  }
  return source;
}

/** A Zotero data directory given as `<folder>`: its library, with the index in the cache folder (or `--db`). */
export function workspaceOrZotero(path: string, db: string | undefined): LibrarySource | null {
  if (libraryKind(path) !== 'zotero') return null;
  return librarySource(path, db ? { dbDir: resolve(db) } : {});
}

/**
 * With libraries, a workspace folder that has no index yet (a manuscript folder) is not searched:
 * said once, and the libraries answer. Without libraries it stays, and its missing index is the
 * error it always was.
 */
export function withoutUnindexedWorkspace(folders: CliFolder[]): CliFolder[] {
  if (!folders.some((f) => f.library)) return folders;
  const kept = folders.filter((f) => f.library || f.refreshSeconds !== null || hasIndex(f.dbDir));
  for (const folder of folders) {
    if (!kept.includes(folder)) process.stderr.write(`note: ${terminalSafe(folder.path)} has no index of its own: searching the libraries only\n`);
  }
  return kept.length > 0 ? kept : folders;
}

/** `--collection` / `--tag` as the progress line names them ("your Thesis collection", as the editor's chat does); undefined without either flag. */
export function scopeNameOfFlags(values: { collection?: string; tag?: string }): string | undefined {
  if (values.collection === undefined && values.tag === undefined) return undefined;
  return librarySearchName(values);
}

/** The documents `--collection` / `--tag` scope to, as the folders' retriever names them; undefined without either flag. */
export async function scopeOfFlags(folders: readonly CliFolder[], values: { collection?: string; tag?: string }): Promise<string[] | undefined> {
  if (values.collection === undefined && values.tag === undefined) return undefined;
  const zotero = folders.filter((f) => f.library?.kind === 'zotero');
  const flag = values.collection !== undefined ? '--collection' : '--tag';
  if (zotero.length === 0)
    throw new UsageError(`${flag} scopes to a Zotero collection or tag: add the Zotero data directory with --library DIR`, { showUsage: false });
  const paths: string[] = [];
  const problems: string[] = [];
  for (const folder of zotero) {
    const record = await readLibraryRecord(folder.dbDir);
    if (!record) {
      problems.push(`${folder.path} is not indexed yet: run \`index ${folder.path}\``);
      continue;
    }
    try {
      const scoped = scopedPaths(record, {
        ...(values.collection !== undefined ? { collection: values.collection } : {}),
        ...(values.tag !== undefined ? { tag: values.tag } : {}),
      });
      paths.push(...scoped.map((p) => (folders.length > 1 ? inFolder(folder.label, p) : p)));
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      problems.push(error.message);
    }
  }
  if (paths.length === 0)
    throw new UsageError(problems.length ? problems.map(terminalSafe).join('; ') : `${flag}: no document of the library is in it`, { showUsage: false });
  return paths;
}

/**
 * Links into a Zotero library open the PDF: a PDF's path in the index is where it is under the
 * data directory (or, linked, elsewhere), and the user's annotations link to the PDF they were made
 * on, at their page. Other folders' links are as they were.
 */
export function libraryLinker(folder: CliFolder, base: LocationLinker): LocationLinker {
  if (folder.library?.kind !== 'zotero') return base;
  let files: Map<string, string> | null = null;
  const fileOf = (path: string) => {
    if (!files) {
      files = new Map();
      try {
        const record = JSON.parse(readFileSync(join(folder.dbDir, LIBRARY_RECORD_FILE), 'utf8')) as LibraryRecord;
        for (const [path, { file }] of documentFiles({ ...record, items: record.items ?? [] })) files.set(path, file);
      } catch {
        // No record yet: links name the paths as indexed.
      }
    }
    return files.get(path) ?? path;
  };
  return { link: (label, target) => base.link(label, { ...target, path: fileOf(target.path) }) };
}
