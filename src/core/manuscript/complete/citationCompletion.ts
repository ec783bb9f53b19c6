/**
 * Completing citation keys while the writer types: where a key is being typed (inside
 * `\cite{…}` and the natbib/biblatex family, or after `[@`, `; @` or an in-text `@` in Markdown),
 * and the papers to offer there: the draft bibliography's entries, then the library's papers the
 * bibliography lacks (each with the entry that choosing it would add, ../bib/generateEntry.ts).
 * Each paper is offered with its authors, year and title, and can be found by any of them.
 */
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { citedAuthors } from '../../papers/ref';
import { recordOfEntry } from '../../papers/merge';
import type { PaperLibrary } from '../../papers/paperLibrary';
import type { Author, PaperRecord } from '../../papers/record';
import { scanBib, type BibEntryFacts } from '../bib/bibScan';
import { bibEntryFor } from '../bib/generateEntry';
import { fromLatex } from '../bib/latexText';
import type { DocumentSetup } from '../setup/documentSetup';
import type { DraftFiles } from '../setup/files';
import type { DraftFormat } from '../parsedDraft';

/** The key being typed on a line: its columns (0-based, `end` past the key's characters after the cursor) and what is typed so far. */
export interface KeyContext {
  start: number;
  end: number;
  typed: string;
}

/** `\cite{`, `\citep[p.~3]{a,`, `\parencite*{`, `\cites[..]{a}[..]{`: the open key list before the cursor. */
const LATEX_KEY_LIST = /\\[A-Za-z]*cite[A-Za-z]*\*?(?:\s*\([^()]*\)){0,2}(?:\s*\[[^\]]*\]){0,2}(?:\s*\{[^{}]*\}(?:\s*\[[^\]]*\]){0,2})*\s*\{([^{}]*)$/;
/** `[@`, `[see @ab`, `; @`, `@{`, an in-text `@`: not after a letter or digit (an e-mail address) or a backslash (an escaped `\@`). */
const PANDOC_KEY = /(?:^|[^\p{L}\p{N}_\\])-?@\{?([\p{L}\p{N}_:.#$%&\-+?<>~/]*)$/u;
const LATEX_KEY_CHARS = /^[^,}\s]*/;
const PANDOC_KEY_CHARS = /^[\p{L}\p{N}_:.#$%&\-+?<>~/]*/u;

export function citationKeyAt(line: string, column: number, format: DraftFormat): KeyContext | null {
  const before = line.slice(0, column);
  const after = line.slice(column);
  if (format === 'latex') {
    const list = LATEX_KEY_LIST.exec(before);
    if (!list) return null;
    const typed = list[1]!.slice(list[1]!.lastIndexOf(',') + 1).trimStart();
    return { start: column - typed.length, end: column + LATEX_KEY_CHARS.exec(after)![0].length, typed };
  }
  const key = PANDOC_KEY.exec(before);
  if (!key) return null;
  const typed = key[1]!;
  return { start: column - typed.length, end: column + PANDOC_KEY_CHARS.exec(after)![0].length, typed };
}

/** One paper to offer. */
export interface KeyCompletion {
  key: string;
  /** "Chaussé (2010)"; the key when nothing else is known. */
  name: string;
  title: string | null;
  /** What the writer may type to find it: key, family names, year, title. */
  filterText: string;
  /** Present when the draft's bibliography lacks the paper: the entry to add on choosing it. */
  newEntry: { bibFile: string; text: string; path: string } | null;
  /** Where the paper is: the library's PDF (relative path), or null for an entry without one. */
  path: string | null;
}

/**
 * The papers to offer in a draft: its bibliography's entries first (as written), then every paper
 * of the library that bibliography lacks, keyed the way the user's keys look. A library paper
 * with no title cannot get an entry and is left out unless the folder's bib gives it a key.
 */
export async function keyCompletions(
  setup: DocumentSetup,
  library: Pick<PaperLibrary, 'records' | 'unattached'>,
  files: DraftFiles,
  libraryRoot?: string,
): Promise<KeyCompletion[]> {
  const entries: Array<BibEntryFacts & { bibFile: string }> = [];
  for (const file of setup.bibliographies) entries.push(...scanBib((await files.read(file)) ?? '').entries.map((e) => ({ ...e, bibFile: file })));
  const items: KeyCompletion[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.key.toLowerCase())) continue;
    seen.add(entry.key.toLowerCase());
    const authors = namesOf(fromLatex(entry.fields.author ?? entry.fields.editor ?? ''));
    const year = /\d{4}/.exec(entry.fields.year ?? entry.fields.date ?? '')?.[0] ?? null;
    const title = entry.fields.title ? fromLatex(entry.fields.title).replace(/[{}]/g, '') : null;
    items.push(item(entry.key, authors, year, title, null, pathOfEntry(entry, libraryRoot, library.records)));
  }
  const candidates: PaperRecord[] = [...library.records.values(), ...library.unattached.map(recordOfEntry)];
  for (const record of candidates) {
    // The bibliography has the paper under the folder's key already.
    if (record.citekey && seen.has(record.citekey.value.toLowerCase())) continue;
    const pdf =
      setup.target && libraryRoot && library.records.has(record.path) ? relative(dirname(setup.target), join(libraryRoot, ...record.path.split('/'))) : '';
    const result = bibEntryFor(record, entries, {
      ...(record.citekey ? { preferredKey: record.citekey.value } : {}),
      ...(pdf && !isAbsolute(pdf) ? { pdfFromBib: pdf.split(sep).join('/') } : {}),
    });
    if (result.kind !== 'new' || seen.has(result.key.toLowerCase())) continue;
    seen.add(result.key.toLowerCase());
    const year = record.year ? String(record.year.value) : null;
    const path = library.records.has(record.path) ? record.path : null;
    const newEntry = setup.target ? { bibFile: setup.target, text: result.text, path: record.path } : null;
    items.push(item(result.key, record.authors?.value ?? [], year, record.title?.value ?? null, newEntry, path));
  }
  return items;
}

function item(
  key: string,
  authors: readonly Author[],
  year: string | null,
  title: string | null,
  newEntry: KeyCompletion['newEntry'],
  path: string | null,
): KeyCompletion {
  const families = authors.map((a) => a.family).filter(Boolean);
  const cited = citedAuthors(authors);
  const name = cited ? `${cited} (${year ?? 'n.d.'})` : title ? `${title}${year ? ` (${year})` : ''}` : key;
  return { key, name, title, filterText: [key, ...families, year ?? '', title ?? ''].filter(Boolean).join(' '), newEntry, path };
}

/** "Chaussé, Pierre and Hothorn, T." / "Pierre Chaussé and Torsten Hothorn" as family and given names (enough to show and filter). */
function namesOf(field: string): Author[] {
  if (field.trim() === '') return [];
  return field
    .split(/\s+and\s+/)
    .map((name) => name.replace(/[{}]/g, '').trim())
    .filter(Boolean)
    .map((name) => {
      if (name.includes(',')) {
        const [family, given] = name.split(',', 2) as [string, string];
        return { family: family.trim(), given: given.trim() };
      }
      const words = name.split(/\s+/);
      return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
    });
}

/** The indexed PDF an entry of the draft's bibliography links with its `file` field, when the library has it. */
function pathOfEntry(entry: BibEntryFacts & { bibFile: string }, root: string | undefined, records: ReadonlyMap<string, PaperRecord>): string | null {
  const file = /^[^:]*:(.*):[A-Za-z/-]*$/.exec(entry.fields.file ?? '')?.[1];
  if (!file || !root) return null;
  const rel = relative(root, isAbsolute(file) ? file : join(dirname(entry.bibFile), file));
  const path = rel.split(sep).join('/');
  return !rel.startsWith('..') && records.has(path) ? path : null;
}
