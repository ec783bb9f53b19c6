/**
 * The library's papers and what they cite: each paper's reference entries with the library paper
 * each one is (link.ts), who cites a library paper and where, and the works two or more library
 * papers cite that the library lacks (a reading list). Built from plain data (the stored
 * reference lists and the library's records), the same way by the CLI, the editor and the chat.
 */
import { comparable } from '../normalize';
import type { PaperRecord } from '../record';
import { libraryIndex } from './link';
import type { CitationMention, PaperReferences, ReferenceEntry } from './types';

/** An entry of a paper's list, with the library paper it is (or null) and where the paper cites it. */
export interface LinkedEntry extends ReferenceEntry {
  library: string | null;
  mentions: CitationMention[];
}

export interface CitingPaper {
  /** The citing paper. */
  path: string;
  entry: LinkedEntry;
}

/** A work several library papers cite that is not in the library. */
export interface MissingWork {
  /** How the first citing paper prints it. */
  entry: ReferenceEntry;
  citedBy: CitingPaper[];
}

export interface CitationGraph {
  /** Each paper's entries, linked; papers without a stored list are absent. */
  readonly papers: ReadonlyMap<string, LinkedEntry[]>;
  /** The library papers `path` cites (its entries that link to another paper of the library). */
  cites(path: string): LinkedEntry[];
  /** The library papers that cite `path`, each with its entry for it and where it cites it. */
  citedBy(path: string): CitingPaper[];
  /** Works cited by at least `minimum` library papers that the library does not hold, most cited first. */
  citedOftenMissing(minimum?: number): MissingWork[];
}

export function citationGraph(records: Iterable<PaperRecord>, stored: ReadonlyMap<string, PaperReferences>): CitationGraph {
  const index = libraryIndex(records);
  const papers = new Map<string, LinkedEntry[]>();
  for (const [path, references] of stored) {
    const byEntry = new Map<number, CitationMention[]>();
    for (const m of references.mentions) byEntry.set(m.entry, [...(byEntry.get(m.entry) ?? []), m]);
    papers.set(
      path,
      references.entries.map((e) => ({ ...e, library: index.linkOf(e), mentions: byEntry.get(e.index) ?? [] })),
    );
  }
  const citing = new Map<string, CitingPaper[]>();
  for (const [path, entries] of papers) {
    for (const entry of entries) {
      if (!entry.library || entry.library === path) continue;
      citing.set(entry.library, [...(citing.get(entry.library) ?? []), { path, entry }]);
    }
  }
  return {
    papers,
    cites: (path) => (papers.get(path) ?? []).filter((e) => e.library !== null && e.library !== path),
    citedBy: (path) => citing.get(path) ?? [],
    citedOftenMissing: (minimum = 2) => missingWorks(papers, minimum),
  };
}

/**
 * One work as several papers print it: its DOI, else its title and first author's family name
 * (an edition's year or a package version's differ from list to list).
 */
function workKey(entry: ReferenceEntry): string | null {
  if (entry.doi) return `doi:${entry.doi}`;
  const title = entry.title ? comparable(entry.title) : '';
  const first = entry.authors[0] ? comparable(entry.authors[0].family) : '';
  return title.length >= 8 && first ? `${first}|${title}` : null;
}

function missingWorks(papers: ReadonlyMap<string, LinkedEntry[]>, minimum: number): MissingWork[] {
  const works = new Map<string, MissingWork>();
  const titleKeys = new Map<string, string>();
  for (const [path, entries] of papers) {
    for (const entry of entries) {
      if (entry.library) continue;
      let key = workKey(entry);
      if (!key) continue;
      // A DOI in one list and none in another: the title key finds the same work.
      const byTitle = entry.title && entry.authors[0] ? `${comparable(entry.authors[0].family)}|${comparable(entry.title)}` : null;
      if (byTitle && titleKeys.has(byTitle)) key = titleKeys.get(byTitle)!;
      else if (byTitle) titleKeys.set(byTitle, key);
      const work = works.get(key) ?? { entry, citedBy: [] };
      if (!work.citedBy.some((c) => c.path === path)) work.citedBy.push({ path, entry });
      works.set(key, work);
    }
  }
  return [...works.values()]
    .filter((w) => w.citedBy.length >= minimum)
    .sort((a, b) => b.citedBy.length - a.citedBy.length || (a.entry.authors[0]?.family ?? '').localeCompare(b.entry.authors[0]?.family ?? ''));
}
