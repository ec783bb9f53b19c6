/**
 * The libraries outside the workspace as the editor knows them, without the editor: the setting's
 * folders (`research.library.folders`, `~` for the home folder) made absolute, their labels beside
 * the workspace's folders, and where a workspace's `.bib` points outside it (the PDFs Better BibTeX,
 * JabRef or Mendeley name in `file` fields), so the user can be told which library to add. No
 * `vscode` import (unit-tested); what touches the disk is passed in.
 */
import { isAbsolute, resolve } from 'node:path';
import { kindOf } from '../../core/formats';
import { folderLabels } from '../../core/index';
import { filesOfField } from '../../core/papers/bib/fileField';
import { isWithin, librariesHolding, type OutsideLibrary } from '../../core/library/outsideLibraries';

export type { OutsideLibrary };

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

/**
 * Where a bib's PDFs outside the workspace's folders are, grouped into libraries as the CLI groups
 * them (core/library/outsideLibraries.ts). Relative paths are taken from the bib's folder; PDFs
 * already under a configured library do not count. Largest group first.
 */
export function librariesOutside(
  paths: readonly string[],
  context: { bibDir: string; home: string; workspace: readonly string[]; libraries: readonly string[] },
  isZotero: (root: string) => boolean,
): OutsideLibrary[] {
  const outside = paths
    .filter((p) => kindOf(p) === 'pdf')
    .map((p) => (p.startsWith('~') ? expandHome(p, context.home) : resolve(context.bibDir, p)))
    .filter((p) => !context.workspace.some((f) => isWithin(p, f)) && !context.libraries.some((f) => isWithin(p, f)));
  return librariesHolding(outside, context.home, isZotero);
}
