/**
 * The library as prompts see it: papers by author, year and title ("Chaussé (2010) Computing
 * Generalized Method of Moments …"), with their path for `document_filters`, and other documents
 * by path. A library of 5,000 papers does not fit a prompt: the papers the question names come
 * first, then those the question's words find, then the rest, cut to a token budget (1,500 of a
 * default 8,192-token context) with the count of what was left out. Titles, names and paths are
 * the documents' own characters: each stays on its line (`dataLine`), and the prompts fence the
 * lists as data (`<library>`, `<named_papers>`). Routing (the orchestrator, query analysis) needs
 * only the documents a filter could name: the named and found ones, at most
 * `ROUTING_LIBRARY.entries` (six), and a count for the rest.
 */
import { paperDescription, paperName } from '../citations/citationLabel';
import { comparable } from '../papers/normalize';
import { estimateTokens } from '../llm/budget';
import { isIndexDamage } from '../index/store/errors';
import type { DocumentInfo, LibraryPaper, NamedPaper } from '../index/types';
import { isAbortError } from '../llm/errors';
import { dataLine } from './passages';
import type { GraphRuntime } from './runtime';
import type { ResearchStateType } from './state';

/** Tokens the library list may take in a prompt. */
export const LIBRARY_BUDGET_TOKENS = 1500;

export interface LibraryLimits {
  /** Tokens the list may take. */
  tokens: number;
  /** When set: list only the relevant documents (the first ones when none is), at most this many. */
  entries?: number;
}

/** The list routing sees: the documents the question names or finds, six at most. */
export const ROUTING_LIBRARY: LibraryLimits = { tokens: LIBRARY_BUDGET_TOKENS, entries: 6 };

export function renderLibrary(
  documents: readonly Pick<DocumentInfo, 'path' | 'pages'>[],
  papers: readonly LibraryPaper[],
  /** Paths to list first, most relevant first (named papers, then search hits). */
  relevant: readonly string[] = [],
  limits: LibraryLimits = { tokens: LIBRARY_BUDGET_TOKENS },
): string {
  if (documents.length === 0) return '(none)';
  const paperOf = new Map(papers.map((p) => [p.path, p.paper]));
  const rank = new Map<string, number>();
  relevant.forEach((path, i) => {
    if (!rank.has(path)) rank.set(path, i);
  });
  const sorted = [...documents].sort((a, b) => (rank.get(a.path) ?? Infinity) - (rank.get(b.path) ?? Infinity));
  const found = sorted.filter((d) => rank.has(d.path));
  const whole = limits.entries === undefined || documents.length <= limits.entries;
  const ordered = whole ? sorted : (found.length > 0 ? found : sorted).slice(0, limits.entries);
  const budgetTokens = limits.tokens;
  const lines: string[] = [];
  let used = 0;
  for (const document of ordered) {
    const described = paperDescription(paperOf.get(document.path));
    const path = dataLine(document.path);
    const pages = document.pages ? `, ${document.pages} pages` : '';
    const line = described ? `- ${dataLine(described)} [${path}${pages}]` : `- ${path}${document.pages ? ` (${document.pages} pages)` : ''}`;
    used += estimateTokens(line) + 1;
    if (used > budgetTokens) break;
    lines.push(line);
  }
  if (lines.length < documents.length) lines.push(`- … and ${documents.length - lines.length} more (${documents.length} documents in all)`);
  return lines.join('\n');
}

/** True when the whole library fits the limits (no search needed to choose what to list). */
export function libraryFits(
  documents: readonly Pick<DocumentInfo, 'path' | 'pages'>[],
  papers: readonly LibraryPaper[],
  limits: LibraryLimits = { tokens: LIBRARY_BUDGET_TOKENS },
): boolean {
  return !renderLibrary(documents, papers, [], limits).includes('documents in all)');
}

/**
 * The paths to list first: the papers the question names, then, when the library is too large to
 * list whole, the documents a search of the question finds (one full-text search, k 20).
 */
export async function relevantPaths(
  runtime: Pick<GraphRuntime, 'retriever' | 'signal' | 'logger'>,
  state: Pick<ResearchStateType, 'question' | 'documents' | 'papers' | 'namedPapers'>,
  limits?: LibraryLimits,
): Promise<string[]> {
  const named = state.namedPapers.map((p) => p.path);
  if (libraryFits(state.documents, state.papers, limits) || !state.question.trim()) return named;
  try {
    const hits = await runtime.retriever.search(state.question, { k: 20, mode: 'fts', ...(runtime.signal ? { signal: runtime.signal } : {}) });
    return [...named, ...hits.map((h) => h.path)];
  } catch (error) {
    if (isAbortError(error, runtime.signal) || isIndexDamage(error)) throw error;
    runtime.logger.warn('listing the library: the search for relevant documents failed; listing them in index order', error);
    return named;
  }
}

/** The papers the question names, for the orchestrator, each with how it was named (data: the prompt fences it). */
export function renderNamedPapers(named: readonly NamedPaper[]): string {
  if (named.length === 0) return '(none)';
  return named
    .slice(0, 8)
    .map((p) => `- ${dataLine(paperDescription(p.paper) ?? '')} [${dataLine(p.path)}] (named by ${p.kind.replace('-', ' and ')})`)
    .join('\n');
}

/**
 * Our note on the named papers, outside their data fence: when one reference fits several papers
 * (the same first author and year, or an author without a year), a reason to ask which, unless
 * the conversation says. Empty otherwise.
 */
export function namedPapersNote(named: readonly NamedPaper[]): string {
  return isAmbiguous(named) ? 'These papers all fit the reference in the question: unless the conversation says which one is meant, ask.' : '';
}

/** Several papers fit one reference: no single strong match, or several equally strong by author and year. */
export function isAmbiguous(named: readonly NamedPaper[]): boolean {
  if (named.length < 2) return false;
  const strong = named.filter((p) => p.strength >= 0.75);
  if (strong.length === 0) return true;
  const byAuthor = strong.filter((p) => p.kind === 'author-year');
  return byAuthor.length >= 2 && byAuthor.every((p) => p.paper.authors === byAuthor[0]!.paper.authors && p.paper.year === byAuthor[0]!.paper.year);
}

/** "Searching in Chaussé (2010)…", "Searching in Hothorn et al. (2006) and Hothorn et al. (n.d.)…"; null when the question names no paper. */
export function namedPapersProgress(named: readonly NamedPaper[]): string | null {
  const names = [
    ...new Set(
      named
        .slice(0, 4)
        .map((p) => paperName(p.paper))
        .filter((n): n is string => n !== null),
    ),
  ];
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Searching in ${list}…`;
}

/**
 * A search query that still names the papers the question named: a model's sub-query ("gmm HAC
 * kernel default") often drops "Chaussé (2010)", and with it the search's preference for that
 * paper. The strongly named papers' names are added back to a query that names none of them.
 */
export function keepPaperReference(query: string, named: readonly NamedPaper[]): string {
  const strong = named.filter((p) => p.strength >= 0.75).slice(0, 3);
  if (strong.length === 0) return query;
  const text = ` ${comparable(query)} `;
  const mentioned = strong.some((p) => {
    const family = comparable(p.paper.authors.split(/ et al\.| & /)[0] ?? '');
    const key = p.paper.citekey ? comparable(p.paper.citekey) : '';
    return (family && text.includes(` ${family} `)) || (key && text.includes(` ${key} `));
  });
  if (mentioned) return query;
  const names = strong.map((p) => paperName(p.paper)).filter((n): n is string => n !== null);
  return names.length > 0 ? `${query} (${names.join('; ')})` : query;
}
