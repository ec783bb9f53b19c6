/**
 * What inserting an answer's citations into a draft takes: for each cited paper, the user's key
 * (from the bibliography the draft uses) and the page as its reader numbers it, and for a paper
 * that bibliography lacks, a generated entry to offer as an edit (never written here). Notes say,
 * one line each, what the writer should know: a source that is not a paper, a PDF that is a
 * version of the published article (its pages are the PDF's), a bibliography that is missing.
 *
 * Pure over its ports: the draft's files come through `DraftFiles` (the editor's open documents,
 * or the disk), the papers through the library's records, page labels and version notes.
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { PaperRecord } from '../../papers/record';
import { scanBib, type BibEntryFacts } from '../bib/bibScan';
import { bibEntryFor } from '../bib/generateEntry';
import type { DocumentSetup } from '../setup/documentSetup';
import type { DraftFiles } from '../setup/files';
import type { CitationRequest } from './citationText';

/** The library as insertion reads it (src/core/papers/paperLibrary.ts PaperLibrary has all of it). */
export interface InsertLibrary {
  readonly records: ReadonlyMap<string, PaperRecord>;
  pageLabel(path: string, page: number): string;
  versionOf(path: string): string | null;
}

/** A place an answer cites: the document (relative path, as indexed) and its physical page(s). */
export interface CitedSource {
  path: string;
  page?: number;
  pageEnd?: number;
}

/**
 * Entries to add to one bib file, and the edit that adds them: the file's text from `start` to
 * `end` (its trailing blank space) replaced by `text`. The file is created when `exists` is false.
 */
export interface BibEdit {
  /** Absolute path of the bib file. */
  file: string;
  exists: boolean;
  /** Each new entry, its key and the document (relative path) it describes. */
  entries: Array<{ key: string; text: string; path: string }>;
  start: number;
  end: number;
  text: string;
}

export interface CitationPlan {
  /** The request for each source, by its position in `sources`; absent for a source that cannot be cited (a note). */
  requests: Map<number, CitationRequest>;
  /** At most one edit per bib file; empty when every paper has its entry. */
  bibEdits: BibEdit[];
  /** One line each, for the writer. */
  notes: string[];
}

export interface PlanOptions {
  /** The PDF's absolute path for a library path (a generated entry's `file` field points at it from the bib's folder); null when unknown. */
  pdfPathOf?: (path: string) => string | null;
}

export async function planCitations(
  setup: DocumentSetup,
  sources: readonly CitedSource[],
  library: InsertLibrary,
  files: DraftFiles,
  options: PlanOptions = {},
): Promise<CitationPlan> {
  const notes: string[] = [];
  const bibs = await readBibs(setup, files, notes);
  const entries = bibs.flatMap((bib) => bib.entries);
  const target = setup.target ? bibs.find((bib) => bib.file === setup.target) : undefined;
  const keyOfPath = new Map<string, string | null>();
  const requests = new Map<number, CitationRequest>();
  const noted = new Set<string>();
  const note = (line: string) => {
    if (!noted.has(line)) notes.push(line);
    noted.add(line);
  };

  const keyFor = (path: string): string | null => {
    if (keyOfPath.has(path)) return keyOfPath.get(path)!;
    const record = library.records.get(path);
    let key: string | null = null;
    if (!record) {
      note(`${path} is not a paper of the library (no title or authors known): it is not cited`);
    } else {
      key = keyOfRecord(record, entries, target ?? null, setup, options, note);
    }
    keyOfPath.set(path, key);
    return key;
  };

  sources.forEach((source, i) => {
    const key = keyFor(source.path);
    if (key === null) return;
    const request: CitationRequest = { key };
    if (source.page !== undefined) {
      request.page = library.pageLabel(source.path, source.page);
      if (source.pageEnd !== undefined && source.pageEnd !== source.page) request.lastPage = library.pageLabel(source.path, source.pageEnd);
    }
    requests.set(i, request);
    const version = library.versionOf(source.path);
    if (version) note(version);
  });
  const bibEdits = target && target.added.length > 0 ? [editOf(target)] : [];
  return { requests, bibEdits, notes };
}

interface BibState {
  file: string;
  exists: boolean;
  text: string;
  entries: BibEntryFacts[];
  added: Array<{ key: string; text: string; path: string }>;
}

async function readBibs(setup: DocumentSetup, files: DraftFiles, notes: string[]): Promise<BibState[]> {
  const states: BibState[] = [];
  for (const file of setup.bibliographies) {
    const text = await files.read(file);
    const scan = scanBib(text ?? '');
    for (const problem of scan.problems) notes.push(`${file}:${problem.line}: ${problem.message}`);
    states.push({ file, exists: text !== null, text: text ?? '', entries: scan.entries, added: [] });
  }
  return states;
}

/** The user's key for a paper: its entry in the draft's bibliography, else a new entry's key (the edit is planned in `target`). */
function keyOfRecord(
  record: PaperRecord,
  entries: BibEntryFacts[],
  target: BibState | null,
  setup: DocumentSetup,
  options: PlanOptions,
  note: (line: string) => void,
): string | null {
  const citekey = record.citekey?.value;
  if (citekey) {
    const same = entries.find((e) => e.key.toLowerCase() === citekey.toLowerCase());
    if (same) return same.key;
  }
  const pdf = options.pdfPathOf?.(record.path);
  const pdfFromBib = target && pdf ? bibRelative(target.file, pdf) : undefined;
  const result = bibEntryFor(record, entries, { ...(pdfFromBib ? { pdfFromBib } : {}), ...(citekey ? { preferredKey: citekey } : {}) });
  if (result.kind === 'existing') return result.key;
  if (result.kind === 'no-title') {
    if (citekey) return citekey;
    note(`${record.path} has no title to write a bib entry from: add its entry to your bibliography, then cite it`);
    return null;
  }
  if (!target) {
    for (const line of setup.notes) note(line);
    note(`${result.key}: add this entry to your bibliography:\n${result.text}`);
    return result.key;
  }
  target.added.push({ key: result.key, text: result.text, path: record.path });
  // The new entry counts for the next paper: its key stays unique and the same paper is not added twice.
  const scanned = scanBib(result.text).entries[0];
  if (scanned) entries.push(scanned);
  if (!target.exists) note(`${target.file} does not exist yet: accepting the entry creates it`);
  return result.key;
}

/** The edit that appends a bib's new entries after one blank line, keeping the file's last newline. */
function editOf(bib: BibState): BibEdit {
  const kept = bib.text.replace(/\s*$/, '');
  const body = bib.added.map((a) => a.text.replace(/\s*$/, '')).join('\n\n');
  return {
    file: bib.file,
    exists: bib.exists,
    entries: bib.added,
    start: kept.length,
    end: bib.text.length,
    text: `${kept === '' ? '' : '\n\n'}${body}\n`,
  };
}

/** A path from the bib's folder, with `/` (JabRef's `file` fields are relative to the bib). */
function bibRelative(bibFile: string, pdf: string): string | undefined {
  const rel = relative(dirname(bibFile), pdf);
  return isAbsolute(rel) ? undefined : rel.split(sep).join('/');
}
