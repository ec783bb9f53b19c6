/**
 * A question about citations, answered from the links: "Which papers in my library cite Chaussé
 * (2010)?" (every paper whose list holds that work, where it cites it) and "What does the lme4
 * paper say about Pinheiro and Bates (2000)?" (the named paper's citations of it). The work is
 * named as papers print it: a family name (and co-authors or "et al.") and a year.
 */
import { comparable } from '../normalize';
import type { CitationGraph, LinkedEntry } from './graph';
import type { CitationMention } from './types';

/** A work a question names by author and year. */
export interface NamedWork {
  /** As the question writes it ("Pinheiro and Bates (2000)"). */
  text: string;
  family: string;
  year: string;
}

/** Where one paper cites the work. */
export interface CitingPlace {
  path: string;
  entry: LinkedEntry;
  mentions: CitationMention[];
}

const NAME = String.raw`\p{Lu}[\p{L}'’-]+`;
/** "Zeileis (2004)", "Zeileis 2004a", "Pinheiro and Bates (2000)", "Hothorn et al. (2006)", "Hothorn, Hornik, and Zeileis 2006". */
const WORK = new RegExp(String.raw`(${NAME})(?:(?:,\s*${NAME})*,?\s+(?:and|&)\s+${NAME}|\s+et\s+al\.?)?,?\s*\(?((?:1[5-9]|20)\d\d[a-z]?)\)?`, 'gu');
/** The question asks who cites a work, or how a paper cites it. */
const ASKS_CITING =
  /\bcit(?:e|es|ed|ing|ation|ations)\b|\brefer(?:s|red)?\s+to\b|\breferenc(?:e|es|ing)\b|\bsays?\s+about\b|\bsaid\s+about\b|\bmention(?:s|ed)?\b/i;

export function namedWorks(question: string): NamedWork[] {
  return [...question.matchAll(WORK)].map((m) => ({ text: m[0].trim(), family: m[1]!, year: m[2]! }));
}

/**
 * The places the library cites the works the question names, or null when the question is not
 * about citations: it must name a work by author and year, and either ask who cites it or name a
 * paper whose list holds it (`named`: the paths of the papers the question names). A cited work
 * that is itself a named paper is the work, not a citing paper.
 */
export function citingPlaces(question: string, graph: CitationGraph, named: readonly string[]): { works: NamedWork[]; places: CitingPlace[] } | null {
  const works = namedWorks(question);
  if (works.length === 0) return null;
  const places: CitingPlace[] = [];
  for (const [path, entries] of graph.papers) {
    for (const entry of entries) {
      if (entry.library === path) continue;
      if (works.some((w) => isWork(entry, w))) places.push({ path, entry, mentions: entry.mentions });
    }
  }
  if (places.length === 0) return null;
  const citingNamed = places.filter((p) => named.includes(p.path));
  if (citingNamed.length > 0) return { works, places: citingNamed };
  return ASKS_CITING.test(question) ? { works, places } : null;
}

function isWork(entry: LinkedEntry, work: NamedWork): boolean {
  const first = entry.authors[0];
  if (!first || !entry.year) return false;
  if (comparable(first.family) !== comparable(work.family)) return false;
  // "2006" names "2006a" and "2006b" alike; "2006b" names only itself.
  return /[a-z]$/.test(work.year) ? entry.year === work.year : entry.year.replace(/[a-z]$/, '') === work.year;
}
