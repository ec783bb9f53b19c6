/**
 * A bib file's entries and problems from its blocks (./parseBib.ts, or a cache of an earlier read):
 * duplicate keys keep the first (as biber does), BibLaTeX's crossref applied, problems listed up to
 * MAX_PROBLEMS and the rest counted in one more line (a file with one key 100,000 times is one
 * problem said once, not 99,999 lines).
 */
import type { BibEntry } from './entry';
import type { StoredEntry } from './storedEntry';

/** Something in a bib file that was left out, said once with its place. */
export interface BibProblem {
  bibFile: string;
  line: number;
  message: string;
  /** On the line that counts the problems not listed: how many it stands for. */
  more?: number;
}

export interface ParsedBib {
  entries: BibEntry[];
  problems: BibProblem[];
}

/** What one block gave: an entry, or why it gave none. */
export interface BlockResult {
  entry?: StoredEntry;
  error?: string;
}

/** A block as read: the hash of its text (and the @strings it was read with), its line, its result; null when the time ran out before it. */
export interface ParsedBlock {
  hash: string;
  line: number;
  result: BlockResult | null;
}

/** Problems listed per file; the rest are counted in one more line. */
const MAX_PROBLEMS = 100;

/** The file's entries and problems from its blocks: duplicate keys keep the first, crossrefs applied, problems listed up to MAX_PROBLEMS. */
export function assembleBib(blocks: readonly ParsedBlock[], bibFile: string, fileProblems: readonly BibProblem[]): ParsedBib {
  const problems: BibProblem[] = [...fileProblems];
  const entries: BibEntry[] = [];
  const seen = new Map<string, number>();
  for (const { line, result } of blocks) {
    if (!result) continue;
    if (!result.entry) {
      problems.push({ bibFile, line, message: `${result.error}: left out` });
      continue;
    }
    const key = result.entry.key;
    const first = seen.get(key.toLowerCase());
    if (first !== undefined) {
      problems.push({ bibFile, line, message: `duplicate key ${cut(key, 80)} (first at line ${first}): this entry is left out` });
      continue;
    }
    seen.set(key.toLowerCase(), line);
    entries.push({ ...result.entry, bibFile, line });
  }
  const all = applyCrossrefs(entries, problems);
  return { entries: all, problems: capped(problems) };
}

function capped(problems: BibProblem[]): BibProblem[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const rest = problems.length - MAX_PROBLEMS;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    {
      bibFile: problems[0]!.bibFile,
      line: problems[MAX_PROBLEMS]!.line,
      message: `and ${rest.toLocaleString('en')} more problems like these, from here on`,
      more: rest,
    },
  ];
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * BibLaTeX's inheritance for what a record uses: a child without a year, venue or editors takes
 * the parent's (an `@inproceedings` takes its `@proceedings`' title as its venue).
 */
function applyCrossrefs(entries: BibEntry[], problems: BibProblem[]): BibEntry[] {
  const byKey = new Map(entries.map((e) => [e.key.toLowerCase(), e]));
  return entries.map((entry) => {
    if (!entry.crossref) return entry;
    const parent = byKey.get(entry.crossref.toLowerCase());
    if (!parent) {
      problems.push({ bibFile: entry.bibFile, line: entry.line, message: `${entry.key}: crossref ${entry.crossref} is not in this file` });
      return entry;
    }
    return {
      ...entry,
      year: entry.year ?? parent.year,
      venue: entry.venue ?? parent.title ?? parent.venue,
      editors: entry.editors ?? parent.editors,
      authors: entry.authors ?? (parent.type === 'book' || parent.type === 'mvbook' ? parent.authors : undefined),
    };
  });
}
