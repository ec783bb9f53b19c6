/**
 * Reference entries linked to the papers of the library: by DOI, then by title with authors that
 * agree, then by the whole author list and year with the title's words in the entry. Precision
 * first: a link is made only when exactly one library paper fits (two papers with one title and
 * nothing else to tell them apart link neither), since a wrong link sends a reader to the wrong
 * paper and no link costs only a search.
 */
import { comparable } from '../normalize';
import type { PaperRecord } from '../record';
import type { ReferenceEntry } from './types';

export interface LibraryIndex {
  /** The library paper an entry is, or null. */
  linkOf(entry: ReferenceEntry): string | null;
}

/** Titles at least this similar (after `comparable`) are the same title: case, accents, punctuation, a plural. */
const SAME_TITLE = 0.93;

interface Known {
  path: string;
  title: string | null;
  families: string[];
  year: number | null;
  doi: string | null;
}

export function libraryIndex(records: Iterable<PaperRecord>): LibraryIndex {
  const known: Known[] = [];
  const byDoi = new Map<string, Known[]>();
  const byFamily = new Map<string, Known[]>();
  const byTitle = new Map<string, Known[]>();
  const add = <K>(map: Map<K, Known[]>, key: K, value: Known) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const record of records) {
    const k: Known = {
      path: record.path,
      title: record.title ? comparable(record.title.value) : null,
      families: (record.authors?.value ?? []).map((a) => familyKey(a.family)),
      year: record.year?.value ?? null,
      doi: record.doi?.value.toLowerCase() ?? null,
    };
    known.push(k);
    if (k.doi) add(byDoi, k.doi, k);
    for (const family of new Set(k.families)) add(byFamily, family, k);
    if (k.title) add(byTitle, k.title, k);
  }
  return {
    linkOf(entry) {
      if (entry.doi) {
        const hits = byDoi.get(entry.doi.toLowerCase()) ?? [];
        if (hits.length === 1) return hits[0]!.path;
        if (hits.length > 1) return null;
      }
      const families = entry.authors.map((a) => familyKey(a.family));
      const candidates = new Set<Known>([
        ...(entry.title ? (byTitle.get(comparable(entry.title)) ?? []) : []),
        ...families.flatMap((f) => byFamily.get(f) ?? []),
      ]);
      if (candidates.size === 0) return null;
      const title = entry.title ? comparable(entry.title) : null;
      // A DOI that names another work rules a paper out.
      const open = [...candidates].filter((k) => !(entry.doi && k.doi && k.doi !== entry.doi.toLowerCase()));
      if (title) {
        const byTitleMatch = open.filter((k) => k.title && similarity(title, k.title) >= SAME_TITLE && authorsAgree(families, k.families));
        if (byTitleMatch.length === 1) return byTitleMatch[0]!.path;
        if (byTitleMatch.length > 1) return narrowed(byTitleMatch, entry, families);
      }
      // No title read (or none that fits): the whole author list, the year and most of the title's words in the entry.
      const year = entry.year ? Number(entry.year.slice(0, 4)) : null;
      const raw = ` ${comparable(entry.raw)} `;
      const byAuthors = open.filter((k) => {
        if (!k.title || k.year === null || year !== k.year || k.families.length !== families.length || k.families.some((f, i) => f !== families[i]))
          return false;
        const words = k.title.split(' ').filter((w) => w.length > 2);
        return words.length >= 2 && words.filter((w) => raw.includes(` ${w} `)).length >= words.length * 0.8;
      });
      return byAuthors.length === 1 ? byAuthors[0]!.path : null;
    },
  };
}

/** Several papers carry the title: the one whose year and first author both fit, if only one does. */
function narrowed(papers: readonly Known[], entry: ReferenceEntry, families: readonly string[]): string | null {
  const year = entry.year ? Number(entry.year.slice(0, 4)) : null;
  const fitting = papers.filter((k) => k.year !== null && k.year === year && k.families[0] === families[0]);
  return fitting.length === 1 ? fitting[0]!.path : null;
}

/**
 * The authors agree: the entry's first author is among the paper's, or the paper's first among
 * the entry's (a package's manual lists its authors in another order than the vignette). A
 * paper whose authors are unknown agrees only with an entry of no author.
 */
function authorsAgree(entry: readonly string[], paper: readonly string[]): boolean {
  if (paper.length === 0 || entry.length === 0) return paper.length === 0 && entry.length === 0;
  return paper.includes(entry[0]!) || entry.includes(paper[0]!);
}

function familyKey(family: string): string {
  return comparable(family)
    .replace(/\b(?:jr|sr|ii|iii)\b/g, '')
    .replace(/\s+/g, '');
}

/** 1 - edit distance / longer length, on strings already made comparable. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  if (Math.abs(a.length - b.length) / longer > 1 - SAME_TITLE) return 1 - Math.abs(a.length - b.length) / longer;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return 1 - previous[b.length]! / longer;
}
