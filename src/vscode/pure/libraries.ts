/**
 * The libraries outside the workspace as the editor knows them, without the editor: the setting's
 * folders (`research.library.folders`, `~` for the home folder) made absolute, their labels beside
 * the workspace's folders, and where a workspace's `.bib` points outside it (the PDFs Better BibTeX,
 * JabRef or Mendeley name in `file` fields), so the user can be told which library to add. No
 * `vscode` import (unit-tested); what touches the disk is passed in.
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { kindOf } from '../../core/formats';
import { folderLabels } from '../../core/index';
import { filesOfField } from '../../core/papers/bib/fileField';

/** A Zotero data directory holds this file (core/library/libraryKind.ts says the same). */
export const ZOTERO_DATABASE = 'zotero.sqlite';

export interface ConfiguredLibrary {
  /** Absolute, as the user named it (`~` expanded). */
  root: string;
  kind: 'zotero' | 'folder';
  /** Its prefix beside the workspace's folders in citations (`Zotero/storage/…`). */
  label: string;
}

/** `~` and `~/x` are the home folder; a relative path is taken from the home folder too (a setting has no current folder). */
export function expandHome(path: string, home: string): string {
  const trimmed = path.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/') || trimmed.startsWith('~\\')) return resolve(home, trimmed.slice(2));
  return isAbsolute(trimmed) ? resolve(trimmed) : resolve(home, trimmed);
}

/**
 * The setting's libraries, once each (the same folder named twice, or as `~/Zotero` and its full
 * path, is one), labelled uniquely beside the workspace's folder labels.
 */
export function configuredLibraries(
  folders: readonly string[],
  home: string,
  isZotero: (root: string) => boolean,
  workspaceLabels: readonly string[] = [],
): ConfiguredLibrary[] {
  const roots = [...new Set(folders.filter((f) => f.trim() !== '').map((f) => expandHome(f, home)))];
  const names = roots.map((root) => root.split(/[\\/]/).filter(Boolean).at(-1) ?? 'library');
  const labels = folderLabels([...workspaceLabels, ...names]).slice(workspaceLabels.length);
  return roots.map((root, i) => ({ root, kind: isZotero(root) ? 'zotero' : 'folder', label: labels[i]! }));
}

/** The paths named by the `file` fields of a bib file's text (each field's records, as core/papers reads them). */
export function bibFilePaths(text: string): string[] {
  const paths: string[] = [];
  const field = /(?:^|[\s,{])file\s*=\s*([{"])/gi;
  for (let m = field.exec(text); m; m = field.exec(text)) {
    const start = m.index + m[0].length;
    const end = m[1] === '"' ? text.indexOf('"', start) : closingBrace(text, start);
    if (end === -1) break;
    paths.push(...filesOfField(text.slice(start, end)));
    field.lastIndex = end + 1;
  }
  return paths;
}

/** The `}` that closes the `{` just before `start`, or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

export interface OutsideLibrary {
  /** The folder to add as a library: the Zotero data directory the PDFs are stored in, else the folder that holds them. */
  root: string;
  kind: 'zotero' | 'folder';
  /** How many of the bib's PDFs are under it. */
  pdfs: number;
}

const ZOTERO_STORAGE = /^(.*)[\\/]storage[\\/][A-Za-z0-9]{8}[\\/][^\\/]+$/;

/**
 * Where a bib's PDFs outside the workspace's folders are: grouped by the Zotero data directory
 * they are stored in (`<dir>/storage/<8-char key>/<file>`, `<dir>` holding zotero.sqlite), the rest
 * by the deepest folder that holds them all. Relative paths are taken from the bib's folder; PDFs
 * already under a configured library do not count. Largest group first.
 */
export function librariesOutside(
  paths: readonly string[],
  context: { bibDir: string; home: string; workspace: readonly string[]; libraries: readonly string[] },
  isZotero: (root: string) => boolean,
): OutsideLibrary[] {
  const inside = isWithin;
  const outside = paths
    .filter((p) => kindOf(p) === 'pdf')
    .map((p) => (p.startsWith('~') ? expandHome(p, context.home) : resolve(context.bibDir, p)))
    .filter((p) => !context.workspace.some((f) => inside(p, f)) && !context.libraries.some((f) => inside(p, f)));
  const groups = new Map<string, OutsideLibrary>();
  const loose: string[] = [];
  for (const path of outside) {
    const dataDir = ZOTERO_STORAGE.exec(path)?.[1];
    if (dataDir && isZotero(dataDir)) {
      const group = groups.get(dataDir) ?? { root: dataDir, kind: 'zotero' as const, pdfs: 0 };
      group.pdfs++;
      groups.set(dataDir, group);
    } else loose.push(path);
  }
  const root = looseRoot(loose, context.home);
  if (root) groups.set(root, { root, kind: isZotero(root) ? 'zotero' : 'folder', pdfs: loose.filter((p) => inside(p, root)).length });
  return [...groups.values()].sort((a, b) => b.pdfs - a.pdfs);
}

/** Folders this shallow (`/`, `/home`, `C:\\Users`), and the home folder, are never offered as a library: adding one would index a whole disk or home. */
const MIN_DEPTH = 2;

const partsOf = (folder: string) => folder.split(/[\\/]/).filter(Boolean);

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

function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
