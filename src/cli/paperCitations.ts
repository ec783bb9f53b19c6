/**
 * What `papers` says of citations between the library's papers: `--cites` (the library papers a
 * paper cites), `--cited-by` (the library papers that cite it, with the page and sentence), and
 * the works two or more of them cite that the library lacks (a reading list).
 */
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { CitationGraph, MissingWork } from '../core/papers/references/graph';
import type { PaperLibrary } from '../core/papers/paperLibrary';
import { paperDescription, citationLabel } from '../core/citations/citationLabel';
import { acrossSources, openSession, type OpenedCitationGraph, type Source } from '../core/session';
import type { LibrarySource } from '../core/library';
import { folderLabels, IndexStoreError } from '../core/index';
import { indexProblemLine } from './indexProblem';
import { jsonLine } from './jsonLine';
import { UsageError } from './options';
import { settingsFromFlags } from './researchSession';
import { entryLine, pagesText } from './referenceText';

/**
 * The folder's papers, reference lists and the citations between them, through core's session; null
 * when its index is missing or damaged, said as the command's other failures are (stderr, or JSON).
 */
export async function folderCitations(
  where: { path: string; dbDir: string; papersOf?: Source['papersOf']; libraries?: readonly LibrarySource[] },
  flags: { db?: string; json?: boolean },
): Promise<(OpenedCitationGraph & { elsewhere: Linker }) | null> {
  const { path: folder, dbDir } = where;
  const libraries = (where.libraries ?? []).filter((l) => l.dbDir !== dbDir);
  const labels = folderLabels([basename(folder), ...libraries.map((l) => l.name)]);
  const source: Source = { kind: 'folder', label: labels[0]!, root: folder, dbDir, ...(where.papersOf ? { papersOf: where.papersOf } : {}) };
  const sources: Source[] = [
    source,
    ...libraries.map((l, i): Source => ({
      kind: l.kind,
      label: labels[i + 1]!,
      root: l.root,
      dbDir: l.dbDir,
      ...(l.papersOf ? { papersOf: l.papersOf } : {}),
    })),
  ];
  const session = openSession({ settings: settingsFromFlags({}), sources });
  try {
    const opened = await session.citations(source);
    const elsewhere = sources.length > 1 ? await acrossSources(sources, source, (s) => session.citations(s)) : () => null;
    return { ...opened, elsewhere };
  } catch (error) {
    if (!(error instanceof IndexStoreError)) throw error;
    const line = indexProblemLine(error, folder, flags.db);
    if (flags.json) process.stdout.write(jsonLine({ index: dbDir, error: error.code, message: line }));
    else process.stderr.write(`error: ${line}\n`);
    return null;
  } finally {
    await session.close();
  }
}

type Linker = Awaited<ReturnType<typeof acrossSources>>;

/** A paper named on the command line: its path (relative to the folder, or absolute inside it), its bib key, or its author and year. */
export function paperNamed(arg: string, folder: string, paths: readonly string[], library: PaperLibrary): string {
  const asPath = isAbsolute(arg) ? relative(folder, arg) : arg;
  const normalised = asPath.split('\\').join('/');
  if (paths.includes(normalised)) return normalised;
  const byKey = library.pathsOfKey(arg).filter((p) => paths.includes(p));
  if (byKey.length === 1) return byKey[0]!;
  const named = library.namedBy(arg).filter((m) => m.strength >= 0.9);
  if (named.length === 1) return named[0]!.path;
  const choices = [...byKey, ...named.map((m) => m.path)];
  if (choices.length > 1) throw new UsageError(`'${arg}' names ${choices.length} papers (${choices.join(', ')}): give a path or bib key`, { showUsage: false });
  throw new UsageError(`no indexed paper is '${arg}' (${resolve(folder, asPath)}): give its path in the folder, its bib key, or its author and year`, {
    showUsage: false,
  });
}

function label(library: PaperLibrary, path: string): string {
  const ref = library.ref(path);
  return ref ? `${path} (${paperDescription(ref) ?? citationLabel({ file: path })})` : path;
}

export function citesText(graph: CitationGraph, library: PaperLibrary, path: string): string[] {
  const cited = graph.cites(path);
  const out = [`${label(library, path)} cites ${cited.length} paper${cited.length === 1 ? '' : 's'} of the library${cited.length ? ':' : '.'}`];
  for (const entry of cited) {
    out.push(`  -> ${label(library, entry.library!)}`, `     as ${entryLine(entry)}`);
    if (entry.mentions.length > 0) out.push(`     cited on ${pagesText(entry.mentions)}`);
  }
  if (!graph.papers.has(path)) out.push('  (its reference list has not been read: run `index` on the folder)');
  return out;
}

export function citedByText(graph: CitationGraph, library: PaperLibrary, path: string): string[] {
  const citing = graph.citedBy(path);
  const out = [`${label(library, path)} is cited by ${citing.length} paper${citing.length === 1 ? '' : 's'} of the library${citing.length ? ':' : '.'}`];
  for (const { path: by, entry } of citing) {
    out.push(`  <- ${label(library, by)}${entry.mentions.length ? `, ${pagesText(entry.mentions)}` : ' (in its reference list only)'}`);
    for (const m of entry.mentions.slice(0, 3)) out.push(`     p. ${library.pageLabel(by, m.page)}: "${m.sentence}"`);
  }
  return out;
}

export function missingText(works: readonly MissingWork[]): string[] {
  if (works.length === 0) return [];
  const out = ['', `Cited often, not in your library (${works.length}):`];
  for (const work of works) {
    out.push(`  ${entryLine(work.entry).replace(/^\[[^\]]*\] /, '')}`);
    out.push(`     cited by ${work.citedBy.map((c) => `${c.path}${c.entry.mentions.length ? ` (${pagesText(c.entry.mentions)})` : ''}`).join('; ')}`);
  }
  return out;
}

export function missingJson(works: readonly MissingWork[]) {
  return works.map((w) => ({
    authors: w.entry.authors,
    year: w.entry.year,
    title: w.entry.title,
    venue: w.entry.venue,
    doi: w.entry.doi ?? null,
    raw: w.entry.raw,
    cited_by: w.citedBy.map((c) => ({ path: c.path, pages: [...new Set(c.entry.mentions.map((m) => m.page))] })),
  }));
}
