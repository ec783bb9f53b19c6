/**
 * Which indexed document each bib entry describes. In order of trust: the entry's `file` field
 * (JabRef's relative paths are relative to the .bib's folder; Better BibTeX's absolute paths are
 * matched inside the indexed folder, or by their last folders and name when the library lives
 * elsewhere, e.g. a linked Zotero storage), then the DOI or arXiv id the PDF prints, then the
 * title (fuzzy: lost ligatures and a dropped word still match) with the first author agreeing.
 * Each surprise is one problem line: a `file` that points nowhere, two PDFs claiming one entry,
 * one PDF claimed by two entries.
 */
import { posix } from 'node:path';
import { comparable, prepareTitle, similarityAtLeast, type PreparedTitle } from '../normalize';
import type { PaperFields } from '../record';
import type { BibEntry } from './entry';
import type { BibProblem } from './parseBib';

export interface LibraryDocument {
  /** Relative POSIX path from the indexed root. */
  path: string;
  /** What the document itself says (PDF metadata and page text); null when nothing was read. */
  fields: PaperFields | null;
  /** The PDF's page labels, one per physical page ("xii", "253"); absent or null when it defines none. */
  pageLabels?: readonly string[] | null;
  /** The user's own words about the paper (a Zotero library's annotations and notes, src/core/library). */
  ownWords?: boolean;
  /** The library flags the paper as retracted (Zotero's retractedItems). */
  retracted?: boolean;
}

export type AttachedBy = 'file' | 'doi' | 'arxiv' | 'title';

export interface Attachment {
  entry: BibEntry;
  path: string;
  by: AttachedBy;
}

/** A title this alike (after comparable()) is the same title: a lost ligature or one short word differ. */
export const SAME_TITLE = 0.9;

const RANK: Record<AttachedBy, number> = { file: 0, doi: 1, arxiv: 2, title: 3 };

export function attachEntries(
  entries: readonly BibEntry[],
  documents: readonly LibraryDocument[],
  root?: string,
): { attached: Attachment[]; problems: BibProblem[] } {
  const problems: BibProblem[] = [];
  const byPath = new Map(documents.map((d) => [d.path, d]));
  const byLowerPath = new Map(documents.map((d) => [d.path.toLowerCase(), d]));
  const candidates: Attachment[] = [];
  // Prepared on first use: a library whose entries all attach by file or identifier (or that has none) never needs them.
  let titled: Array<{ d: LibraryDocument; title: PreparedTitle }> | undefined;
  const titledDocuments = () => (titled ??= documents.flatMap((d) => (d.fields?.title ? [{ d, title: prepareTitle(d.fields.title.value) }] : [])));
  for (const entry of entries) {
    const found = fromFileField(entry, byPath, byLowerPath, documents, root);
    for (const missing of found.missing) {
      problems.push({ bibFile: entry.bibFile, line: entry.line, message: `${entry.key}: its file ${missing} is not among the indexed documents` });
    }
    if (found.paths.length > 0) {
      candidates.push(...found.paths.map((path) => ({ entry, path, by: 'file' as const })));
      continue;
    }
    const byIdentifier = fromIdentifiers(entry, documents);
    if (byIdentifier.length > 0) {
      candidates.push(...byIdentifier);
      continue;
    }
    const byTitle = fromTitle(entry, titledDocuments());
    if (byTitle.length > 1) {
      problems.push({
        bibFile: entry.bibFile,
        line: entry.line,
        message: `${entry.key}: ${byTitle.length} PDFs carry its title (${byTitle.map((a) => a.path).join(', ')}): it describes each of them`,
      });
    }
    candidates.push(...byTitle);
  }
  // One entry per document: the most trusted attachment, then the first in the bib.
  const attached = new Map<string, Attachment>();
  for (const candidate of [...candidates].sort((a, b) => RANK[a.by] - RANK[b.by])) {
    const held = attached.get(candidate.path);
    if (!held) {
      attached.set(candidate.path, candidate);
    } else if (held.entry !== candidate.entry) {
      problems.push({
        bibFile: candidate.entry.bibFile,
        line: candidate.entry.line,
        message: `${candidate.entry.key}: ${candidate.path} is already described by ${held.entry.key} (${held.entry.bibFile}:${held.entry.line}): left to that entry`,
      });
    }
  }
  return { attached: [...attached.values()], problems };
}

const isAbsolute = (path: string) => /^(\/|~\/|[A-Za-z]:\/)/.test(path);

function fromFileField(
  entry: BibEntry,
  byPath: Map<string, LibraryDocument>,
  byLowerPath: Map<string, LibraryDocument>,
  documents: readonly LibraryDocument[],
  root: string | undefined,
): { paths: string[]; missing: string[] } {
  const paths: string[] = [];
  const missing: string[] = [];
  for (const file of entry.files) {
    const path = isAbsolute(file) ? absoluteMatch(file, documents, root) : relativeMatch(file, entry.bibFile, byPath, byLowerPath);
    if (path) paths.push(path);
    else missing.push(file);
  }
  return { paths: [...new Set(paths)], missing: paths.length > 0 ? [] : missing };
}

function relativeMatch(file: string, bibFile: string, byPath: Map<string, LibraryDocument>, byLowerPath: Map<string, LibraryDocument>): string | null {
  const bibDir = posix.dirname(bibFile);
  for (const candidate of [posix.normalize(posix.join(bibDir, file)), posix.normalize(file)]) {
    if (candidate.startsWith('../')) continue;
    const found = byPath.get(candidate) ?? byLowerPath.get(candidate.toLowerCase());
    if (found) return found.path;
  }
  return null;
}

/** An absolute path inside the root is that document; outside it, the document with the longest common tail (folder and name). */
function absoluteMatch(file: string, documents: readonly LibraryDocument[], root: string | undefined): string | null {
  const normalizedRoot = root?.replace(/\\/g, '/').replace(/\/$/, '');
  if (normalizedRoot && file.startsWith(`${normalizedRoot}/`)) {
    const relative = file.slice(normalizedRoot.length + 1);
    if (documents.some((d) => d.path === relative)) return relative;
  }
  const tail = file.split('/').filter(Boolean);
  let best: { path: string; shared: number } | null = null;
  let tie = false;
  for (const document of documents) {
    const segments = document.path.split('/');
    let shared = 0;
    while (shared < segments.length && shared < tail.length && segments[segments.length - 1 - shared] === tail[tail.length - 1 - shared]) shared++;
    if (shared === 0) continue;
    if (!best || shared > best.shared) {
      best = { path: document.path, shared };
      tie = false;
    } else if (shared === best.shared) tie = true;
  }
  return best && !tie ? best.path : null;
}

function fromIdentifiers(entry: BibEntry, documents: readonly LibraryDocument[]): Attachment[] {
  if (entry.doi) {
    const found = documents.filter((d) => d.fields?.doi?.value === entry.doi);
    if (found.length > 0) return found.map((d) => ({ entry, path: d.path, by: 'doi' as const }));
  }
  if (entry.arxiv) {
    const found = documents.filter((d) => d.fields?.arxiv?.value === entry.arxiv);
    if (found.length > 0) return found.map((d) => ({ entry, path: d.path, by: 'arxiv' as const }));
  }
  return [];
}

/** Documents whose own title is the entry's, with the first author agreeing where both name one. */
function fromTitle(entry: BibEntry, documents: ReadonlyArray<{ d: LibraryDocument; title: PreparedTitle }>): Attachment[] {
  if (!entry.title || documents.length === 0) return [];
  const title = prepareTitle(entry.title);
  const scored = documents
    .map(({ d, title: theirs }) => ({ d, similarity: similarityAtLeast(title, theirs, SAME_TITLE) }))
    .filter(({ d, similarity }) => similarity >= SAME_TITLE && firstAuthorsAgree(entry, d.fields));
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.similarity));
  return scored.filter((s) => s.similarity >= best - 0.02).map(({ d }) => ({ entry, path: d.path, by: 'title' as const }));
}

function firstAuthorsAgree(entry: BibEntry, fields: PaperFields | null): boolean {
  const ours = entry.authors?.[0]?.family;
  const theirs = fields?.authors?.value[0]?.family;
  if (!ours || !theirs) return true;
  const a = comparable(ours);
  const b = comparable(theirs);
  return a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
}
