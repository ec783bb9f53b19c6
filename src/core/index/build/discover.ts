import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import picomatch from 'picomatch';
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
  signal?: AbortSignal;
}

export const DEFAULT_INCLUDE: string[] = ['**/*.pdf', '**/*.md', '**/*.markdown', '**/*.txt', '**/*.docx', '**/*.html', '**/*.htm'];

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

const KIND_BY_EXTENSION: Record<string, DocumentKind> = {
  '.pdf': 'pdf',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.docx': 'docx',
};

/** Kind of a document by its name; anything included that is not PDF, Markdown, HTML or DOCX is read as text. */
export function kindOf(path: string): DocumentKind {
  return KIND_BY_EXTENSION[extname(path).toLowerCase()] ?? 'text';
}

/**
 * Lists the documents under `root`, sorted by path. Never throws for one bad entry: folders and
 * files that cannot be read are returned as failures (only an unreadable root throws, with
 * Node's own error). Symbolic links are followed, but each real
 * folder is visited once, so link loops end.
 */
export async function discoverFiles(root: string, options: DiscoverOptions = {}): Promise<{ files: DiscoveredFile[]; failures: FileFailure[] }> {
  const absRoot = resolve(root);
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
    // Stable order regardless of the filesystem's listing order.
    entries.sort((a, b) => compareStrings(a.name, b.name));
    for (const entry of entries) {
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const abs = join(absDir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = await stat(abs);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch (error) {
          // A dangling link only matters if it looks like a document the user expects indexed.
          if (isIncluded(rel) && !isExcluded(rel)) failures.push(failureOfLink(rel, error));
          continue;
        }
      }
      if (isDir) {
        if (skipDirs.has(abs) || isExcluded(rel) || isExcluded(`${rel}/`)) continue;
        await walk(abs, rel);
      } else if (isFile && isIncluded(rel) && !isExcluded(rel) && !skipFiles.has(abs)) {
        try {
          const info = await stat(abs);
          files.push({ path: rel, absPath: abs, kind: kindOf(rel), size: info.size, mtimeMs: info.mtimeMs });
        } catch (error) {
          failures.push(failureFromError(rel, error));
        }
      }
    }
  }

  await walk(absRoot, '');
  files.sort((a, b) => compareStrings(a.path, b.path));
  failures.sort((a, b) => compareStrings(a.path, b.path));
  return { files, failures };
}

/** Code-unit order: the same on every machine and locale. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
