/**
 * The root file of a multi-file LaTeX document, where its packages and bibliography are declared:
 * the file a `%!TEX root = …` magic comment in the first lines names; else the file itself when it
 * has `\documentclass`; else a `.tex` file with `\documentclass` in its folder or the folder above
 * that `\input`s, `\include`s or `\subfile`s it (or the only such file there).
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { DraftFiles } from './files';

const MAGIC_ROOT = /^[ \t]*%[ \t]*!TEX[ \t]+root[ \t]*=[ \t]*(.+?)[ \t]*$/im;
const DOCUMENTCLASS = /^[^%\n]*\\documentclass\b/m;

export interface LatexRoot {
  path: string;
  text: string;
}

export async function findLatexRoot(path: string, text: string, files: DraftFiles, notes: string[]): Promise<LatexRoot> {
  const magic = MAGIC_ROOT.exec(text.split('\n', 20).join('\n'));
  if (magic) {
    const rootPath = resolve(dirname(path), magic[1]!);
    const rootText = await files.read(rootPath);
    if (rootText !== null) return { path: rootPath, text: rootText };
    notes.push(`${basename(path)}: the root file its %!TEX root comment names (${magic[1]}) does not exist; reading this file alone`);
    return { path, text };
  }
  if (DOCUMENTCLASS.test(text)) return { path, text };
  const found = await includingFile(path, files);
  if (found) return found;
  return { path, text };
}

async function includingFile(path: string, files: DraftFiles): Promise<LatexRoot | null> {
  const name = basename(path).replace(/\.tex$/i, '');
  for (const dir of [dirname(path), dirname(dirname(path))]) {
    const roots: LatexRoot[] = [];
    for (const file of (await files.list(dir)).filter((f) => /\.tex$/i.test(f)).sort()) {
      const candidate = join(dir, file);
      if (candidate === path) continue;
      const text = await files.read(candidate);
      if (text !== null && DOCUMENTCLASS.test(text)) roots.push({ path: candidate, text });
    }
    const including = roots.find((root) => includes(root.text, name));
    if (including) return including;
    if (roots.length === 1) return roots[0]!;
  }
  return null;
}

function includes(rootText: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\\\(input|include|subfile)\\s*\\{[^}]*\\b${escaped}(\\.tex)?\\s*\\}`).test(rootText);
}
