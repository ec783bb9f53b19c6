/**
 * A workspace's bib files whose `file` fields point at PDFs outside the folder (Better BibTeX
 * writes absolute paths into `~/Zotero/storage`; JabRef and Mendeley into a papers folder): the
 * folders they are in, so a host can say once where the papers are and how to add that folder as
 * a library. Nothing outside the workspace is read here: only whether the named files exist, and
 * whether the data directory they are stored in holds `zotero.sqlite` (then the library is that
 * data directory); the grouping is the editor's too (./outsideLibraries.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { discoverFiles } from '../index';
import { BIB_INCLUDE } from '../index/papers/paperSource';
import { parseBibText } from '../papers/bib/parseBib';
import { isWithin, librariesHolding, type OutsideLibrary } from './outsideLibraries';
import { ZOTERO_DATABASE } from './zotero';

/** `pdfs`: how many PDFs the bib files name there that exist on disk. */
export interface LibraryOutside extends OutsideLibrary {
  /** The bib files that name them, relative to the workspace (POSIX). */
  bibFiles: string[];
}

/** A bib file larger than this is not read for the notice (a notice is not worth reading 50 MB). */
const MAX_BIB_BYTES = 20 * 1024 * 1024;

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
        if (isWithin(path, absRoot) || !existsSync(path)) continue;
        if (!outside.has(path)) outside.set(path, new Set());
        outside.get(path)!.add(bib.path);
      }
    }
  }
  const pdfs = [...outside.keys()];
  const isZotero = (dir: string) => existsSync(join(dir, ZOTERO_DATABASE));
  return librariesHolding(pdfs, homedir(), isZotero).map((library) => ({
    ...library,
    bibFiles: bibsOf(pdfs.filter((pdf) => isWithin(pdf, library.root))),
  }));

  function bibsOf(pdfs: readonly string[]): string[] {
    return [...new Set(pdfs.flatMap((p) => [...outside.get(p)!]))].sort();
  }
}
