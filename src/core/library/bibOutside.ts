/**
 * A workspace's bib files whose `file` fields point at PDFs outside the folder (Better BibTeX
 * writes absolute paths into `~/Zotero/storage`; JabRef and Mendeley into a papers folder): the
 * folders they are in, so a host can say once where the papers are and how to add that folder as
 * a library. Nothing outside the workspace is read here: only whether the named files exist, and
 * whether a folder above them holds `zotero.sqlite` (then the library is that data directory).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { discoverFiles } from '../index';
import { BIB_INCLUDE } from '../index/papers/paperSource';
import { parseBibText } from '../papers/bib/parseBib';
import { ZOTERO_DATABASE } from './zotero';

export interface LibraryOutside {
  /** The folder to add as a library: a Zotero data directory, or the folder holding the PDFs. */
  root: string;
  kind: 'zotero' | 'folder';
  /** How many PDFs the bib files name there that exist on disk. */
  pdfs: number;
  /** The bib files that name them, relative to the workspace (POSIX). */
  bibFiles: string[];
}

/** A bib file larger than this is not read for the notice (a notice is not worth reading 50 MB). */
const MAX_BIB_BYTES = 20 * 1024 * 1024;
/** How far above a PDF a Zotero data directory can be: `<dataDir>/storage/<key>/<file>.pdf`. */
const ZOTERO_DEPTH = 3;

function zoteroDataDirAbove(file: string): string | null {
  let dir = dirname(file);
  for (let i = 0; i < ZOTERO_DEPTH; i++) {
    if (existsSync(join(dir, ZOTERO_DATABASE))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** The deepest folder holding every one of `files`. */
function commonFolder(files: readonly string[]): string {
  let common = dirname(files[0]!).split(sep);
  for (const file of files.slice(1)) {
    const parts = dirname(file).split(sep);
    let n = 0;
    while (n < common.length && n < parts.length && common[n] === parts[n]) n++;
    common = common.slice(0, n);
  }
  return common.join(sep) || sep;
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The libraries outside `root` that its bib files point into, most PDFs first; empty when every
 * `file` field stays inside (or there is none). `exclude`: the workspace's exclude globs.
 */
export async function librariesOutside(root: string, options: { exclude?: string[]; signal?: AbortSignal } = {}): Promise<LibraryOutside[]> {
  const absRoot = resolve(root);
  const found = await discoverFiles(absRoot, {
    include: BIB_INCLUDE,
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const outside = new Map<string, Set<string>>(); // PDF -> the bib files naming it
  for (const bib of found.files) {
    const absolute = join(absRoot, ...bib.path.split('/'));
    const info = await stat(absolute).catch(() => null);
    if (!info || info.size > MAX_BIB_BYTES) continue;
    const parsed = await parseBibText(await readFile(absolute, 'utf8'), bib.path, options.signal ? { signal: options.signal } : {});
    for (const entry of parsed.entries) {
      for (const file of entry.files) {
        const path = resolve(dirname(absolute), file.replace(/^~(?=\/)/, process.env.HOME ?? '~'));
        if (inside(absRoot, path) || !existsSync(path)) continue;
        if (!outside.has(path)) outside.set(path, new Set());
        outside.get(path)!.add(bib.path);
      }
    }
  }
  const zotero = new Map<string, string[]>();
  const loose: string[] = [];
  for (const pdf of outside.keys()) {
    const dataDir = zoteroDataDirAbove(pdf);
    if (dataDir) zotero.set(dataDir, [...(zotero.get(dataDir) ?? []), pdf]);
    else loose.push(pdf);
  }
  const libraries: LibraryOutside[] = [...zotero].map(([dataDir, pdfs]) => ({
    root: dataDir,
    kind: 'zotero' as const,
    pdfs: pdfs.length,
    bibFiles: bibsOf(pdfs),
  }));
  if (loose.length > 0) libraries.push({ root: commonFolder(loose), kind: 'folder', pdfs: loose.length, bibFiles: bibsOf(loose) });
  return libraries.sort((a, b) => b.pdfs - a.pdfs);

  function bibsOf(pdfs: readonly string[]): string[] {
    return [...new Set(pdfs.flatMap((p) => [...outside.get(p)!]))].sort();
  }
}
