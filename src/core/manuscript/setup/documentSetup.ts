/**
 * How a draft cites and where its bibliography is: the citation command to insert in the
 * document's own style, and the bib file(s) it declares, for LaTeX (natbib, biblatex, plain
 * `\cite`; multi-file documents through their root, ./latexRoot.ts) and Pandoc Markdown (YAML
 * `bibliography:`, and a Quarto project's `_quarto.yml` when the document declares none).
 * Notes say what could not be found, one line each, naming the file.
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { DraftFormat } from '../parsedDraft';
import type { DraftFiles } from './files';
import { findLatexRoot } from './latexRoot';
import { frontMatterOf, yamlList } from './yamlList';

/** The citation syntax a document uses. `pandoc` is Markdown's `[@key, p. 3]`. */
export type CitationPackage = 'natbib' | 'biblatex' | 'bibtex' | 'pandoc';

export interface DocumentSetup {
  format: DraftFormat;
  /** The file whose preamble or front matter was read (a LaTeX document's root; else the draft). */
  root: string;
  package: CitationPackage;
  /** The command an inserted parenthetical citation uses: `\cite`, `\citep`, `\parencite`, `\autocite`; `[@]` for Pandoc. */
  command: string;
  /** Every bib file declared, absolute, in declaration order. */
  bibliographies: string[];
  /** Of those, the ones that do not exist or cannot be read. */
  missing: string[];
  /** Of the missing, those that exist but are no file to read, with why ("a FIFO (named pipe), not a regular file"). */
  unreadable: Record<string, string>;
  /** Where a generated entry goes: the first declared bib that exists, else the first declared; null if none is declared. */
  target: string | null;
  notes: string[];
}

const USEPACKAGE = /\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g;
/** Classes that load natbib themselves (JSS, Elsevier, AGU, Copernicus, PLOS use \citep). */
const NATBIB_CLASSES = /\\documentclass\s*(?:\[[^\]]*\])?\s*\{(jss|elsarticle|agutex|agujournal2019|copernicus|plos2015|aa|mnras|aastex\d*|sn-jnl)\}/;
const BIBLIOGRAPHY = /^[^%\n]*?\\bibliography\s*\{([^}]*)\}/gm;
const ADDBIBRESOURCE = /^[^%\n]*?\\(?:addbibresource|addglobalbib|addsectionbib)\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/gm;

export async function documentSetup(path: string, text: string, format: DraftFormat, files: DraftFiles): Promise<DocumentSetup> {
  const notes: string[] = [];
  if (format === 'markdown') return markdownSetup(path, text, files, notes);
  const root = await findLatexRoot(path, text, files, notes);
  const preamble = withoutComments(root.text);
  const used = withoutComments(root.path === path ? text : `${root.text}\n${text}`);
  const packages = [...preamble.matchAll(USEPACKAGE)].flatMap((m) => m[1]!.split(',').map((p) => p.trim()));
  const biblatex = packages.includes('biblatex') || /\\addbibresource\b/.test(preamble) || /\\(parencite|autocite|textcite)s?\b/.test(used);
  const natbib = !biblatex && (packages.includes('natbib') || NATBIB_CLASSES.test(preamble) || /\\cite[pt]\b/.test(used));
  const pkg: CitationPackage = biblatex ? 'biblatex' : natbib ? 'natbib' : 'bibtex';
  const declared = [
    ...[...preamble.matchAll(ADDBIBRESOURCE)].flatMap((m) => m[1]!.split(',')),
    ...[...preamble.matchAll(BIBLIOGRAPHY)].flatMap((m) => m[1]!.split(',').map((name) => (/\.bib$/i.test(name.trim()) ? name : `${name.trim()}.bib`))),
  ]
    .map((name) => name.trim())
    .filter(Boolean);
  const bibs = declared.map((name) => resolve(dirname(root.path), name));
  if (bibs.length === 0)
    notes.push(`${basename(root.path)} declares no bibliography (\\bibliography{…} or \\addbibresource{…}): a generated entry has nowhere to go`);
  return finish({ format, root: root.path, package: pkg, command: latexCommand(pkg, used), bibliographies: bibs, notes }, files);
}

/** biblatex: `\autocite` when the document uses it more than `\parencite`, else `\parencite`; natbib `\citep`; plain `\cite`. */
function latexCommand(pkg: CitationPackage, used: string): string {
  if (pkg === 'natbib') return '\\citep';
  if (pkg === 'bibtex') return '\\cite';
  const count = (name: string) => (used.match(new RegExp(`\\\\${name}\\b`, 'g')) ?? []).length;
  return count('autocite') > count('parencite') ? '\\autocite' : '\\parencite';
}

function withoutComments(tex: string): string {
  return tex.replace(/(^|[^\\])%.*$/gm, '$1');
}

async function markdownSetup(path: string, text: string, files: DraftFiles, notes: string[]): Promise<DocumentSetup> {
  const front = frontMatterOf(text);
  let bibs = (front ? yamlList(front, 'bibliography') : null)?.map((name) => resolve(dirname(path), name)) ?? [];
  if (bibs.length === 0) bibs = await quartoProjectBibliography(path, files);
  if (bibs.length === 0)
    notes.push(`${basename(path)} declares no bibliography (YAML bibliography: in its front matter or in _quarto.yml): a generated entry has nowhere to go`);
  return finish({ format: 'markdown', root: path, package: 'pandoc', command: '[@]', bibliographies: bibs, notes }, files);
}

/** The nearest `_quarto.yml` above the document that declares a bibliography (paths relative to it). */
async function quartoProjectBibliography(path: string, files: DraftFiles): Promise<string[]> {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const project = await files.read(join(dir, '_quarto.yml'));
    if (project !== null) return (yamlList(project, 'bibliography') ?? []).map((name) => resolve(dir, name));
    if (dirname(dir) === dir) return [];
  }
}

async function finish(setup: Omit<DocumentSetup, 'missing' | 'unreadable' | 'target'>, files: DraftFiles): Promise<DocumentSetup> {
  const exists = await Promise.all(setup.bibliographies.map(async (bib) => (await files.read(bib)) !== null));
  const missing = setup.bibliographies.filter((_, i) => !exists[i]);
  const unreadable: Record<string, string> = {};
  for (const bib of missing) {
    const why = (await files.unreadable?.(bib)) ?? null;
    if (why !== null) unreadable[bib] = why;
    setup.notes.push(
      `${basename(setup.root)} names the bibliography ${bib}, which ${why === null ? 'does not exist: a generated entry would create it' : `cannot be read (${why})`}`,
    );
  }
  const target = setup.bibliographies.find((_, i) => exists[i]) ?? setup.bibliographies[0] ?? null;
  return { ...setup, missing, unreadable, target };
}

/** How a note names a declared bibliography that was not read: "does not exist", or why it cannot be read. */
export function missingBibText(setup: DocumentSetup, bib: string): string {
  const why = setup.unreadable[bib];
  return why === undefined ? 'does not exist' : `cannot be read (${why})`;
}
