import type { Dirent } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { defaultIncludeGlobs, kindOf } from '../../formats';
import { failureFromError, failureOfLink } from './extract/errors';
import type { DiscoveredFile, DocumentKind, FileFailure } from '../types';

export interface DiscoverOptions {
  /** Globs (relative POSIX paths) of files to index. Default: DEFAULT_INCLUDE. */
  include?: string[];
  /**
   * Globs of files and folders to skip. A folder is tested both as `a/b` and `a/b/`, so
   * `** /node_modules` and `** /node_modules/**` both prune it. Default: DEFAULT_EXCLUDE.
   */
  exclude?: string[];
  /** Absolute paths to skip (e.g. the index folder) */
  skipDirs?: string[];
  /** Absolute file paths to skip (the index's lock file, which `--include '**'` would match). */
  skipFiles?: string[];
  /**
   * Folders outside the root that symbolic links may lead into (a Zotero storage or a shared drive
   * linked into the workspace on purpose). A link that resolves anywhere else is not followed.
   */
  followLinksInto?: string[];
  signal?: AbortSignal;
}

/** A symbolic link that resolves outside the folder (and every allowed folder): listed, never followed. */
export interface OutsideLink {
  /** The link, relative to the root. */
  path: string;
  /** Where it resolves to. */
  target: string;
}

/** Never indexed, wherever a link or an allowed folder leads: the kernel's views, not documents. */
const SYSTEM_DIRS = ['/proc', '/sys', '/dev'];

export const DEFAULT_INCLUDE: string[] = defaultIncludeGlobs();

/** The default index folder name, skipped like any other tool folder. */
export const DEFAULT_INDEX_DIR_NAME = '.research-index';

export const DEFAULT_EXCLUDE: string[] = [
  '**/.git/**',
  '**/node_modules/**',
  '**/dist/**',
  '**/out/**',
  '**/build/**',
  '**/target/**',
  '**/.vscode-test/**',
  `**/${DEFAULT_INDEX_DIR_NAME}/**`,
  // Hidden folders are tool state (.vscode, .idea, .venv, .cache, ...), not the user's documents.
  '**/.*/**',
  // Generated HTML: test coverage reports and static-site output (Jekyll's _site, MkDocs' site)
  // are thousands of pages rebuilt from sources that are indexed anyway. Only their HTML is left
  // out, so a PDF or note a user keeps in a folder named `site` is still found.
  '**/coverage/**/*.htm?(l)',
  '**/_site/**/*.htm?(l)',
  '**/site/**/*.htm?(l)',
  // Word's lock file beside an open document (`~$report.docx`): a few bytes of owner name, not a document.
  '**/~$*',
];

/** Kind of a document by its name (the format table, ../../formats); anything included that no format claims is read as text. */
export { kindOf };

/** `path` is `dir` or inside it (real, absolute paths). */
function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * A linked file's kind: from its target's name and, when that says nothing more specific than
 * text, from its first bytes (`%PDF-`), never from the link's own name (`secret.txt -> a PDF`).
 */
async function kindOfTarget(target: string): Promise<DocumentKind> {
  const byName = kindOf(target);
  if (byName !== 'text') return byName;
  const handle = await open(target, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return head.subarray(0, bytesRead).toString('latin1') === '%PDF-' ? 'pdf' : 'text';
  } finally {
    await handle.close();
  }
}

export interface Discovered {
  files: DiscoveredFile[];
  failures: FileFailure[];
  /** Links not followed because they lead outside the root and every `followLinksInto` folder. */
  outsideLinks: OutsideLink[];
}

/**
 * Lists the documents under `root`, sorted by path. Never throws for one bad entry: folders and
 * files that cannot be read are returned as failures (only an unreadable root throws, with
 * Node's own error). Symbolic links are followed only where they resolve inside the root (or a
 * `followLinksInto` folder), never into /proc, /sys or /dev; each real folder is visited once,
 * so link loops end.
 */
export async function discoverFiles(root: string, options: DiscoverOptions = {}): Promise<Discovered> {
  const absRoot = resolve(root);
  const realRoot = await realpath(absRoot);
  const allowed = [realRoot];
  for (const dir of options.followLinksInto ?? []) {
    // A folder that does not exist (yet) allows nothing; it is not an error.
    const real = await realpath(resolve(absRoot, dir)).catch(() => undefined);
    if (real) allowed.push(real);
  }
  const reachable = (real: string) => allowed.some((dir) => isWithin(real, dir)) && !SYSTEM_DIRS.some((dir) => isWithin(real, dir));
  const outsideLinks: OutsideLink[] = [];
  // `nocase`: `Manual.PDF` is as much a PDF as `manual.pdf`. `dot`: a hidden file in a visible
  // folder is still the user's (only hidden folders are excluded by default).
  const isIncluded = picomatch(options.include ?? DEFAULT_INCLUDE, { dot: true, nocase: true });
  const isExcluded = picomatch(options.exclude ?? DEFAULT_EXCLUDE, { dot: true });
  const skipDirs = new Set((options.skipDirs ?? []).map((dir) => resolve(dir)));
  const skipFiles = new Set((options.skipFiles ?? []).map((file) => resolve(file)));
  const files: DiscoveredFile[] = [];
  const failures: FileFailure[] = [];
  const visitedRealDirs = new Set<string>();

  async function walk(absDir: string, relDir: string): Promise<void> {
    options.signal?.throwIfAborted();
    let real: string;
    let entries: Dirent[];
    try {
      real = await realpath(absDir);
      if (visitedRealDirs.has(real)) return;
      visitedRealDirs.add(real);
      entries = await readdir(absDir, { withFileTypes: true });
    } catch (error) {
      // The root itself missing or unreadable is the caller's problem, not one file's.
      if (relDir === '') throw error;
      failures.push(failureFromError(relDir, error));
      return;
    }
    if (skipDirs.has(real) && relDir !== '') return;
    // Checked again here: a link swapped for another since it was looked at leads nowhere new.
    if (relDir !== '' && !reachable(real)) return;
    // Stable order regardless of the filesystem's listing order.
    entries.sort((a, b) => compareStrings(a.name, b.name));
    for (const entry of entries) {
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const abs = join(absDir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let linkTarget: string | undefined;
      if (entry.isSymbolicLink()) {
        try {
          linkTarget = await realpath(abs);
          const target = await stat(linkTarget);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch (error) {
          // A dangling link only matters if it looks like a document the user expects indexed.
          if (isIncluded(rel) && !isExcluded(rel)) failures.push(failureOfLink(rel, error));
          continue;
        }
        if (!reachable(linkTarget)) {
          // Listed once in the run's notes (with how to allow it), never read.
          const wanted = isDir ? !isExcluded(rel) && !isExcluded(`${rel}/`) : isIncluded(rel) && !isExcluded(rel);
          if (wanted) outsideLinks.push({ path: rel, target: linkTarget });
          continue;
        }
      } else if (!reachable(join(real, entry.name))) {
        continue; // /proc, /sys, /dev below an allowed folder
      }
      if (isDir) {
        if (skipDirs.has(abs) || isExcluded(rel) || isExcluded(`${rel}/`)) continue;
        await walk(abs, rel);
      } else if (isFile && isIncluded(rel) && !isExcluded(rel) && !skipFiles.has(abs)) {
        try {
          // A link is read at the target that was checked, not through the link (which could be swapped).
          const absPath = linkTarget ?? abs;
          const info = await stat(absPath);
          const kind = linkTarget ? await kindOfTarget(linkTarget) : kindOf(rel);
          files.push({ path: rel, absPath, kind, size: info.size, mtimeMs: info.mtimeMs });
        } catch (error) {
          failures.push(failureFromError(rel, error));
        }
      }
    }
  }

  await walk(absRoot, '');
  files.sort((a, b) => compareStrings(a.path, b.path));
  failures.sort((a, b) => compareStrings(a.path, b.path));
  outsideLinks.sort((a, b) => compareStrings(a.path, b.path));
  return { files, failures, outsideLinks };
}

/** How many links the notice names before it counts the rest. */
const LINKS_NAMED = 3;

/**
 * One line for every link left out: which, where they lead, and how to allow a folder on purpose.
 * "2 symbolic links lead outside /home/me/docs and were not followed: secret.txt -> /etc/passwd,
 * zotero -> /home/me/Zotero/storage (to index what a link leads to, allow its folder: …)".
 */
export function outsideLinksNotice(links: readonly OutsideLink[], root: string): string {
  const named = links.slice(0, LINKS_NAMED).map((link) => `${link.path} -> ${link.target}`);
  if (links.length > LINKS_NAMED) named.push(`and ${links.length - LINKS_NAMED} more`);
  const count = links.length === 1 ? '1 symbolic link leads' : `${links.length} symbolic links lead`;
  return `${count} outside ${root} and ${links.length === 1 ? 'was' : 'were'} not followed: ${named.join(', ')} (to index what a link leads to, allow its folder: --follow-links-into DIR; VS Code: research.index.followLinksInto)`;
}

/** Code-unit order: the same on every machine and locale. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
