/**
 * Several folders for `search`, `ask` and `chat`: the `<folder>` positional plus `--folder DIR`
 * (repeatable), each with its own index (`<folder>/.research-index`), searched as one by core's
 * session (core/session). With more than one folder, paths and citations read
 * `<label>/<path>`, the label being the folder's base name (folderLabels makes it unique).
 */
import { existsSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { folderLabels, inFolder, isObjectStoreUri, splitFolderPath, type IndexStoreError } from '../core/index';
import { indexCommand, indexProblemLine } from './indexProblem';
import { UsageError, resolveDbDir, resolveFolder } from './options';
import { stdoutLinker, type LocationLinker } from './terminalLinks';
import { libraryFolder, libraryLinker, libraryOptions, withoutUnindexedWorkspace, workspaceOrZotero } from './libraries';
import type { CliFolder } from './cliFolder';
import { terminalSafe } from '../core/text/terminalSafe';

export type { CliFolder };

/**
 * `--folder DIR`: one more folder to search (repeatable). For an index on object storage (`--db
 * s3://…`): `--root DIR`, this machine's copy of the indexed documents, in place of `<folder>`;
 * `--refresh SECONDS`, how stale a long-lived reader (chat) may see the shared index.
 */
export const folderOptions = {
  folder: { type: 'string', multiple: true },
  root: { type: 'string' },
  refresh: { type: 'string' },
  ...libraryOptions,
} as const;

/** How often a reader of a shared index looks for the writer's new versions, by default: queries never wait on a round trip for it. */
const DEFAULT_REFRESH_SECONDS = 10;

/**
 * The folder and the text (query, question) from the positionals: `<folder> "<text>"`, or
 * `"<text>"` alone with `--root DIR` naming the folder.
 */
export function folderAndText(
  positionals: readonly string[],
  root: string | undefined,
  what: string,
): { folder: string | undefined; text: string | undefined } {
  const [folder, text, extra] = root === undefined ? positionals : [root, ...positionals];
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}' (quote the ${what}${root === undefined ? '' : '; --root replaces <folder>'})`);
  return { folder, text };
}

/** The positional folder and the `--folder` ones; `--db` names one index, so only with one folder. */
export async function resolveFolders(
  positional: string | undefined,
  more: readonly string[] | undefined,
  db: string | undefined,
  refresh?: string,
  libraries: readonly string[] = [],
): Promise<CliFolder[]> {
  const refreshSeconds = refresh === undefined ? DEFAULT_REFRESH_SECONDS : Number(refresh);
  if (!Number.isFinite(refreshSeconds) || refreshSeconds < 0) throw new UsageError(`--refresh must be a number of seconds (0 or more), not '${refresh}'`);
  const paths = [await resolveFolder(positional)];
  for (const extra of more ?? []) {
    const path = await resolveFolder(extra);
    if (!paths.includes(path)) paths.push(path);
  }
  if (db && paths.length > 1) {
    throw new UsageError('--db names one index: with --folder, each folder uses its own index (<folder>/.research-index)', { showUsage: false });
  }
  const sources = await Promise.all(libraries.map((dir) => libraryFolder(dir)));
  const labels = folderLabels([...paths.map((p) => basename(p)), ...sources.map((s) => s.name)]);
  const folders: CliFolder[] = paths.map((path, i) => {
    const zotero = workspaceOrZotero(path, db);
    const dbDir = zotero?.dbDir ?? resolveDbDir(path, db);
    return { path, label: labels[i]!, dbDir, refreshSeconds: isObjectStoreUri(dbDir) ? refreshSeconds : null, ...(zotero ? { library: zotero } : {}) };
  });
  sources.forEach((library, i) => {
    if (!folders.some((f) => f.dbDir === library.dbDir))
      folders.push({ path: library.root, label: labels[paths.length + i]!, dbDir: library.dbDir, refreshSeconds: null, library });
  });
  return withoutUnindexedWorkspace(folders);
}

/** The stderr note for folders searched without an index (core/session/sourceIndexes.ts), each with the command that indexes it. */
export function unindexedLine(labels: readonly string[], folders: readonly CliFolder[], db?: string): string {
  const missing = folders.filter((f) => labels.includes(f.label));
  return `note: not indexed yet, so not searched: ${missing.map((f) => `${terminalSafe(f.label)} (\`${indexCommand(f.path, db)}\`)`).join(', ')}`;
}

/** indexProblemLine for the folder whose index failed (found by the index folder the error names). */
export function folderProblemLine(error: IndexStoreError, folders: readonly CliFolder[], db?: string): string {
  const folder = folders.find((f) => f.dbDir === error.dir) ?? folders[0]!;
  return indexProblemLine(error, folder.path, db);
}

/** Links for hits and citations: a `<label>/<path>` resolves in its folder. */
export function foldersLinker(folders: readonly CliFolder[], json = false): LocationLinker {
  const linkerOf = (f: CliFolder) => libraryLinker(f, stdoutLinker(f.path, json));
  if (folders.length === 1) return linkerOf(folders[0]!);
  const linkers = new Map(folders.map((f) => [f.label, linkerOf(f)]));
  const labels = folders.map((f) => f.label);
  return {
    link(label, target) {
      const split = splitFolderPath(target.path, labels);
      return split ? linkers.get(split.label)!.link(label, { ...target, path: split.path }) : linkers.get(labels[0]!)!.link(label, target);
    },
  };
}

/**
 * A path typed on the command line as the index names it: `[<label>/]path` as typed when that file
 * exists in its folder, else the path from the current directory inside the folder holding it;
 * null when neither applies.
 */
export function indexPathOf(path: string, folders: readonly CliFolder[]): { typed: string; fromCwd: string | null } {
  const typed = path.split(sep).join('/');
  const absolute = resolve(path);
  for (const folder of folders) {
    const rel = relative(folder.path, absolute);
    if (rel.startsWith('..') || isAbsolute(rel)) continue;
    const posix = rel.split(sep).join('/');
    return { typed, fromCwd: folders.length === 1 ? posix : inFolder(folder.label, posix) };
  }
  return { typed, fromCwd: null };
}

/**
 * Says, on stderr, which of the cited documents of a shared index this machine has no copy of
 * (the index names them relative to the indexed folder; --root maps them to a local copy).
 */
export function noteMissingLocally(paths: readonly string[], folders: readonly CliFolder[]): void {
  if (!folders.some((f) => f.refreshSeconds !== null)) return;
  const missing = [...new Set(paths)].filter((p) => !existsInFolders(p, folders));
  if (missing.length === 0) return;
  const roots = folders.map((f) => f.path).join(', ');
  process.stderr.write(
    `note: not on this machine: ${terminalSafe(missing.join(', '))} (looked under ${terminalSafe(roots)}; pass --root with your copy of the indexed documents)\n`,
  );
}

/** True when `path` (as the index names it) is a file or folder on disk. */
export function existsInFolders(path: string, folders: readonly CliFolder[]): boolean {
  if (folders.length === 1) return existsSync(join(folders[0]!.path, path));
  const split = splitFolderPath(
    path,
    folders.map((f) => f.label),
  );
  const folder = split && folders.find((f) => f.label === split.label);
  return Boolean(folder && existsSync(join(folder.path, split.path)));
}
