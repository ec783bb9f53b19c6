/**
 * Which library to offer for PDFs a bib file names outside the workspace, one rule for the CLI
 * (./bibOutside.ts) and the editor (src/vscode/pure/libraries.ts): PDFs stored in a Zotero data
 * directory (`<dir>/storage/<8-char key>/<file>`, `<dir>` holding zotero.sqlite) are that
 * library; the rest are the deepest folder that holds them all, or, when that is too shallow,
 * the folder holding most of them. Plain paths in, no disk: `isZotero` says what a folder is.
 */
import { dirname, isAbsolute, relative } from 'node:path';

export interface OutsideLibrary {
  /** The folder to add as a library: the Zotero data directory the PDFs are stored in, else the folder that holds them. */
  root: string;
  kind: 'zotero' | 'folder';
  /** How many of the PDFs are under it. */
  pdfs: number;
}

const ZOTERO_STORAGE = /^(.*)[\\/]storage[\\/][A-Za-z0-9]{8}[\\/][^\\/]+$/;

/** Folders this shallow (`/`, `/home`, `C:\\Users`), and the home folder, are never offered as a library: adding one would index a whole disk or home. */
const MIN_DEPTH = 2;

const partsOf = (folder: string) => folder.split(/[\\/]/).filter(Boolean);

/** The libraries that hold `pdfs` (absolute paths outside the workspace), most PDFs first; a PDF in none is left out. */
export function librariesHolding(pdfs: readonly string[], home: string, isZotero: (root: string) => boolean): OutsideLibrary[] {
  const groups = new Map<string, OutsideLibrary>();
  const loose: string[] = [];
  for (const path of pdfs) {
    const dataDir = ZOTERO_STORAGE.exec(path)?.[1];
    if (dataDir && isZotero(dataDir)) {
      const group = groups.get(dataDir) ?? { root: dataDir, kind: 'zotero' as const, pdfs: 0 };
      group.pdfs++;
      groups.set(dataDir, group);
    } else loose.push(path);
  }
  const root = looseRoot(loose, home);
  if (root) groups.set(root, { root, kind: isZotero(root) ? 'zotero' : 'folder', pdfs: loose.filter((p) => isWithin(p, root)).length });
  return [...groups.values()].sort((a, b) => b.pdfs - a.pdfs);
}

/**
 * The folder to offer for PDFs not in a Zotero library: the deepest one holding them all, or, when
 * that is too shallow, the folder holding most of them; null when every one is that shallow.
 */
function looseRoot(pdfs: readonly string[], home: string): string | null {
  // The home folder and what holds it are too wide too.
  const offerable = (folder: string) => partsOf(folder).length >= MIN_DEPTH && !isWithin(home, folder);
  const parents = pdfs.map((p) => dirname(p)).filter(offerable);
  if (parents.length === 0) return null;
  let common = parents[0]!;
  for (const folder of parents) while (!isWithin(folder, common)) common = dirname(common);
  if (offerable(common) && parents.length === pdfs.length) return common;
  const counts = new Map<string, number>();
  for (const folder of parents) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
