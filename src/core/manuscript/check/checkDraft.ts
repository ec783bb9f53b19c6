/**
 * A whole draft's citations checked, as the hosts (the CLI's `check`, the editor's "Check
 * Citations") need it: the draft parsed, its bibliography read, each key resolved to the library's
 * PDF (through the folder's bib files, else through the draft's own bibliography: its `file`
 * field, DOI or title), and every cited sentence judged (./checkCitations.ts). What could not be
 * read (a brace never closed, a bib entry never closed, a bibliography that is missing) comes back
 * as one line each, and the rest is still checked. The draft itself is never evidence.
 */
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { Retriever, SearchOptions } from '../../index';
import { prepareTitle, similarityAtLeast, type PreparedTitle } from '../../papers/normalize';
import type { PaperLibrary } from '../../papers/paperLibrary';
import { scanBib, type BibEntryFacts } from '../bib/bibScan';
import { fromLatex } from '../bib/latexText';
import { parseDraft } from '../parse/parseDraft';
import { MAX_LISTED } from '../parse/problemLog';
import { limitCitations, limitNote } from './citationLimit';
import { documentSetup, missingBibText, type DocumentSetup } from '../setup/documentSetup';
import type { DraftFiles } from '../setup/files';
import type { CitedSentence, DraftFormat, DraftProblem } from '../parsedDraft';
import { checkCitations } from './checkCitations';
import { citationLibraryOf } from './citationLibrary';
import type { CitationCheck, CitationLibrary } from './citationCheck';

export interface DraftCheckRequest {
  /** Absolute path of the draft. */
  path: string;
  text: string;
  format: DraftFormat;
  retriever: Retriever;
  library: PaperLibrary;
  /** The indexed folder the library's paths are relative to. */
  libraryRoot: string;
  /**
   * The library's path of a file on disk, or null when no index holds it; default relative to
   * `libraryRoot`. Several indexes searched as one (a workspace and its libraries) name their
   * documents `<label>/<path>`: a bib `file` field pointing into a library resolves there.
   */
  pathOf?: (absolute: string) => string | null;
  files: DraftFiles;
  /** Only the sentences that overlap these offsets (a selection); absent: the whole draft. */
  range?: { start: number; end: number };
  mode?: SearchOptions['mode'];
  signal?: AbortSignal;
  /** Called as sentences are checked: how many of how many. */
  onProgress?: (done: number, total: number) => void;
}

export interface DraftCheck {
  setup: DocumentSetup;
  /** The sentences checked, in order (their ranges place diagnostics). */
  sentences: CitedSentence[];
  /** One per cited key of each sentence, in the sentences' order. */
  checks: CitationCheck[];
  /** What could not be read in the draft; the rest was checked. */
  problems: DraftProblem[];
  /** One line each: the bibliography's problems (missing, an entry never closed). */
  notes: string[];
}

export async function checkDraft(request: DraftCheckRequest): Promise<DraftCheck> {
  const parsed = parseDraft(request.text, request.format);
  const setup = await documentSetup(request.path, request.text, request.format, request.files);
  const notes: string[] = [];
  const draftName = basename(request.path);
  if (setup.bibliographies.length === 0) notes.push(`${draftName} declares no bibliography: its keys are looked up in the library folder's bib files only`);
  for (const bib of setup.missing)
    notes.push(
      `${draftName} names the bibliography ${bib}, which ${missingBibText(setup, bib)}: its keys are looked up in the library folder's bib files only`,
    );
  const draftEntries: DraftEntry[] = [];
  for (const bib of setup.bibliographies) {
    const text = await request.files.read(bib);
    if (text === null) continue;
    const scan = scanBib(text);
    for (const problem of scan.problems.slice(0, MAX_LISTED)) notes.push(`${bib}:${problem.line}: ${problem.message}`);
    const more = scan.problems.length - MAX_LISTED;
    if (more > 0) notes.push(`${bib}: ${more.toLocaleString('en')} more problems like these, from line ${scan.problems[MAX_LISTED]!.line} on, not listed`);
    draftEntries.push(...scan.entries.map((entry) => ({ ...entry, bibFile: bib })));
  }
  const { range } = request;
  const chosen = range ? parsed.sentences.filter((s) => s.range.start.offset < range.end && s.range.end.offset > range.start) : parsed.sentences;
  const limited = limitCitations(chosen);
  const { sentences } = limited;
  const unlisted = unlistedNote(draftName, parsed.unlistedProblems);
  const cut = limitNote(draftName, limited);
  notes.push(...(unlisted ? [unlisted] : []), ...(cut ? [cut] : []));
  const pathOf = request.pathOf ?? ((absolute: string) => indexedPath(request.libraryRoot, absolute));
  const library = withDraftBibliography(citationLibraryOf(request.library), request.library, draftEntries, pathOf);
  const exclude = [request.path, setup.root].flatMap((p) => pathOf(p) ?? []);
  const checks = await checkCitations(sentences, {
    retriever: request.retriever,
    library,
    exclude,
    ...(request.mode ? { mode: request.mode } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
  const known = new Set([...request.library.entries.map((e) => e.key.toLowerCase()), ...draftEntries.map((e) => e.key.toLowerCase())]);
  for (const check of checks) {
    if (check.verdict !== 'not-in-library') continue;
    check.reason = known.has(check.key.toLowerCase())
      ? `${check.key}: its bib entry names no PDF of the library (no file field pointing at an indexed PDF, and no indexed PDF with its DOI or title)`
      : `${check.key} is in no bib file (neither the draft's bibliography nor the library folder's): check the key's spelling`;
  }
  return { setup, sentences, checks, problems: parsed.problems, notes };
}

type DraftEntry = BibEntryFacts & { bibFile: string };

const PROBLEM_NAMES: Record<DraftProblem['code'], string> = {
  'unbalanced-braces': 'a brace or bracket never closed',
  'citation-without-keys': 'a citation without keys',
  'unclosed-environment': 'a verbatim environment never closed',
  'unclosed-fence': 'a code block never closed',
  'unclosed-front-matter': 'front matter never closed',
};

/** One line for the draft's problems past those listed (parse/problemLog.ts), by kind; null when all were listed. */
function unlistedNote(draftName: string, unlisted: Partial<Record<DraftProblem['code'], number>>): string | null {
  const kinds = Object.entries(unlisted) as Array<[DraftProblem['code'], number]>;
  if (kinds.length === 0) return null;
  const total = kinds.reduce((n, [, count]) => n + count, 0);
  const parts = kinds.map(([code, count]) => `${count.toLocaleString('en')} × ${PROBLEM_NAMES[code]}`).join(', ');
  return `${draftName}: ${total.toLocaleString('en')} more problems like those listed, not listed (${parts}); the first ${MAX_LISTED} of each kind are`;
}

/** A draft's bib entry and a library record this alike in title describe one paper (as bib/generateEntry.ts decides). */
const SAME_TITLE = 0.95;

/**
 * The folder's keys, then the draft's own bib entries that the folder's bib files do not hold (a
 * bibliography kept outside the library folder): by their `file` field, DOI or title.
 */
function withDraftBibliography(
  base: CitationLibrary,
  library: PaperLibrary,
  entries: readonly DraftEntry[],
  pathOf: (absolute: string) => string | null,
): CitationLibrary {
  const extra = new Map<string, string>();
  const records = [...library.records.values()];
  // Each record's title made ready once for the draft's entries (a draft's bib holds dozens).
  let titles: Array<{ path: string; title: PreparedTitle }> | undefined;
  const byTitle = (title: string) => {
    titles ??= records.flatMap((r) => (r.title ? [{ path: r.path, title: prepareTitle(r.title.value) }] : []));
    const wanted = prepareTitle(title);
    return titles.find((r) => similarityAtLeast(r.title, wanted, SAME_TITLE) > 0)?.path;
  };
  for (const entry of entries) {
    const key = entry.key.toLowerCase();
    if (extra.has(key) || base.resolveKey(entry.key)) continue;
    const byFile = fileFieldPaths(entry).flatMap((file) => {
      const path = pathOf(isAbsolute(file) ? file : join(dirname(entry.bibFile), file));
      // An indexed PDF nothing is known of yet (no record) is still the one the entry names.
      return path && library.documents.has(path) ? [path] : [];
    })[0];
    const doi = entry.fields.doi ? fromLatex(entry.fields.doi).trim().toLowerCase() : null;
    const title = entry.fields.title ? fromLatex(entry.fields.title) : null;
    const match = byFile ?? records.find((r) => doi && r.doi?.value === doi)?.path ?? (title ? byTitle(title) : undefined);
    if (match) extra.set(key, match);
  }
  const keyOf = new Map([...extra].map(([key, path]) => [path, entries.find((e) => e.key.toLowerCase() === key)!.key]));
  return {
    resolveKey: (key) => base.resolveKey(key) ?? (extra.has(key.toLowerCase()) ? { path: extra.get(key.toLowerCase())! } : null),
    keyForPath: (path) => base.keyForPath?.(path) ?? keyOf.get(path) ?? null,
    ...(base.pageLabel ? { pageLabel: base.pageLabel } : {}),
    ...(base.nameOf ? { nameOf: base.nameOf } : {}),
  };
}

/** The paths of a `file` field as JabRef (`:a.pdf:PDF;…`) or Better BibTeX (`/abs/a.pdf;…`) write it. */
function fileFieldPaths(entry: BibEntryFacts): string[] {
  const raw = entry.fields.file;
  if (!raw) return [];
  return raw
    .split(';')
    .map((part) => {
      const jabref = /^[^:]*:(.*):[A-Za-z/-]*$/.exec(part.trim());
      return (jabref ? jabref[1]! : part).trim().replace(/\\:/g, ':');
    })
    .filter(Boolean);
}

/** The path the index gives a file of the folder, or null when it lies outside. */
function indexedPath(root: string, path: string): string | null {
  const rel = relative(root, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? null : rel.split(sep).join('/');
}
