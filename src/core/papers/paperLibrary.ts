/**
 * The library as papers: each indexed document's record (what its PDF says, merged with the bib
 * entry that describes it), the bib entries whose PDF is not in the folder, what could not be
 * read, and which papers a question names. Built from plain data (the index's stored fields, the
 * parsed bib files), so the CLI, the editor and the tests build it the same way.
 */
import type { PaperRef } from '../citations/citationLabel';
import { attachEntries, type LibraryDocument } from './bib/attach';
import type { BibEntry } from './bib/entry';
import type { BibProblem, ParsedBib } from './bib/parseBib';
import { mergeRecord, namesAPaper } from './merge';
import { mentionIndex, papersNamedBy, type MentionIndex, type MentionKeyCache, type PaperMention } from './mentions';
import type { PaperRecord } from './record';
import { paperRefOf } from './ref';
import { pageLabelOf, versionNote } from './version';

export interface PaperLibrary {
  /** Every indexed document's record, by path; a document nothing is known of has none. */
  readonly records: ReadonlyMap<string, PaperRecord>;
  /** Every indexed document's path, with a record or not. */
  readonly documents: ReadonlySet<string>;
  /** Every bib entry read, attached to a document or not. */
  readonly entries: readonly BibEntry[];
  /** Entries that describe no indexed document (their PDF is elsewhere, or there is none). */
  readonly unattached: readonly BibEntry[];
  /** What the bib files held that could not be used, each once with its file and line. */
  readonly problems: readonly BibProblem[];
  /** The documents an entry describes, by its key (case-insensitive). */
  pathsOfKey(key: string): string[];
  /** The papers a question names, strongest first (mentions.ts). */
  namedBy(question: string): PaperMention[];
  /** How a citation of this document names its paper; undefined for a note or an unknown document. */
  ref(path: string): PaperRef | undefined;
  /** A physical page (1-based) as the PDF's reader numbers it: its printed label ("253", "xii") when the PDF has page labels, else the page itself. */
  pageLabel(path: string, page: number): string;
  /** When the PDF says it is a version of a published article (a vignette, a preprint): which, in one line (./version.ts); else null. */
  versionOf(path: string): string | null;
  /** True for a document of the user's own words (a library's annotations and notes, src/core/library). */
  isOwnWords(path: string): boolean;
}

/** `mentionKeys`: where the records' mention keys are kept between processes (a library's index folder). */
export function buildLibrary(
  documents: readonly LibraryDocument[],
  bibs: readonly ParsedBib[] = [],
  root?: string,
  mentionKeys?: MentionKeyCache,
): PaperLibrary {
  const entries = bibs.flatMap((bib) => bib.entries);
  const { attached, problems } = attachEntries(entries, documents, root);
  const entryOf = new Map(attached.map((a) => [a.path, a.entry]));
  const records = new Map<string, PaperRecord>();
  for (const document of documents) {
    const record = mergeRecord(document.path, document.fields, entryOf.get(document.path));
    if (document.retracted) record.retracted = true;
    if (namesAPaper(record)) records.set(document.path, record);
  }
  const byPath = new Map(documents.map((d) => [d.path, d]));
  const attachedKeys = new Set(attached.map((a) => a.entry.key.toLowerCase()));
  const pathsByKey = new Map<string, string[]>();
  for (const { entry, path } of attached) pathsByKey.set(entry.key.toLowerCase(), [...(pathsByKey.get(entry.key.toLowerCase()) ?? []), path]);
  // A key a library gives its records (Zotero's, src/core/library) names them too, unless a bib entry took it.
  for (const record of records.values()) {
    const key = record.citekey?.source === 'zotero' ? record.citekey.value.toLowerCase() : null;
    if (key && !attachedKeys.has(key) && !byPath.get(record.path)?.ownWords) pathsByKey.set(key, [...(pathsByKey.get(key) ?? []), record.path]);
  }
  let mentions: MentionIndex | null = null;
  const refs = new Map<string, PaperRef | undefined>();
  return {
    records,
    documents: new Set(documents.map((d) => d.path)),
    entries,
    unattached: entries.filter((e) => !attachedKeys.has(e.key.toLowerCase())),
    problems: [...bibs.flatMap((bib) => bib.problems), ...problems],
    pathsOfKey: (key) => pathsByKey.get(key.toLowerCase()) ?? [],
    namedBy(question) {
      mentions ??= mentionIndex([...records.values()], mentionKeys);
      return papersNamedBy(question, mentions);
    },
    ref(path) {
      if (!refs.has(path)) refs.set(path, paperRefOf(records.get(path)));
      return refs.get(path);
    },
    pageLabel: (path, page) => pageLabelOf(byPath.get(path)?.pageLabels, page),
    versionOf: (path) => versionNote(path, byPath.get(path)?.fields),
    isOwnWords: (path) => byPath.get(path)?.ownWords === true,
  };
}

/** A library that knows no paper: every citation reads as its path. */
export const EMPTY_LIBRARY: PaperLibrary = buildLibrary([]);
