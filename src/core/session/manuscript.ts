/**
 * A session's "from answer to manuscript" (core/manuscript): planning the citations an answer
 * inserts into a draft, the keys offered while one is typed, and the check of a draft's
 * citations. A host sends the draft with the texts of its open documents (the editor's unsaved
 * edits count); paths come back as the session names them (`<label>/<path>` with several sources).
 */
import { join, relative, isAbsolute, sep } from 'node:path';
import { citationLabel } from '../citations/citationLabel';
import type { OpenedIndex, SearchOptions } from '../index';
import {
  checkDraft,
  documentSetup,
  draftFormatOf,
  keyCompletions,
  nodeDraftFiles,
  planCitations,
  type DraftFiles,
  type InsertLibrary,
  type KeyCompletion,
  type Attribution,
  type Passage,
  type BibEdit,
  type CitationRequest,
  type DraftProblem,
  type SourceRange,
  type Verdict,
} from '../manuscript';
import type { PaperLibrary } from '../papers/paperLibrary';
import type { PaperRecord } from '../papers/record';
import { combinedLibrary } from '../library';
import type { OpenedSources } from './sourceIndexes';
import { locate, sourcePath, type Source } from './sources';

/** A draft as the host has it: its text and the texts of the open documents its setup may read (absolute path -> text). */
export interface Draft {
  /** Absolute path. */
  path: string;
  text: string;
  openTexts: Record<string, string>;
}

/** A place an answer cites, as the session's citations name it. */
export interface CitedPlace {
  file: string;
  page?: number;
  pageEnd?: number;
}

/** What inserting citations into a draft takes (core/manuscript/insert/plan.ts), for the host to apply. */
export interface InsertPlan {
  style: { format: 'latex' | 'markdown'; command: string };
  /** One per source given, in order; null for a source that cannot be cited (a note). */
  requests: Array<CitationRequest | null>;
  bibEdits: BibEdit[];
  notes: string[];
}

/** A passage of the check, with how a citation of it reads ("Chaussé (2010), p. 14") and its path as the session names it. */
export interface CheckedPassage {
  path: string;
  page: number | null;
  text: string;
  label: string;
}

export interface CheckedCitation {
  key: string;
  /** 1-based line of the citation in the draft. */
  line: number;
  verdict: Verdict;
  reason: string;
  keyRange: SourceRange;
  sentenceRange: SourceRange;
  sentence: string;
  evidence: CheckedPassage | null;
  suggested: (CheckedPassage & { key: string | null }) | null;
  /** A library paper that states the sentence crediting another work: "… say this citing Y [their p. 3]; cite Y?". */
  attribution?: Attribution;
}

export interface DraftCheck {
  checks: CheckedCitation[];
  problems: DraftProblem[];
  notes: string[];
}

export interface DraftRequest {
  draft: Draft;
  signal?: AbortSignal;
}

export interface CheckRequest extends DraftRequest {
  /** Only the citations in this range (offsets) of the draft. */
  range?: { start: number; end: number };
  /** How the cited paper is searched; default `auto`. */
  mode?: SearchOptions['mode'];
  /** Called as the cited sentences are checked: how many of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** Opens (or reuses) a source's index for queries, with the session's settings. */
export type OpenSourceIndex = (source: Source) => Promise<OpenedIndex>;

/** The draft's files: the editor's open documents first, then the disk. */
function draftFiles(draft: Draft): DraftFiles {
  return {
    read: async (path) => (path === draft.path ? draft.text : (draft.openTexts[path] ?? (await nodeDraftFiles.read(path)))),
    unreadable: async (path) => (path === draft.path || path in draft.openTexts ? null : (nodeDraftFiles.unreadable?.(path) ?? null)),
    list: (dir) => nodeDraftFiles.list(dir),
  };
}

/** The source that holds the draft (its papers are the draft's library), else the first. */
function sourceOfDraft(sources: readonly Source[], path: string): Source {
  const inside = sources.filter((f) => {
    const rel = relative(f.root, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  });
  // The deepest folder wins when one workspace folder lies inside another.
  return inside.sort((a, b) => b.root.length - a.root.length)[0] ?? sources[0]!;
}

export async function planInsertion(sources: readonly Source[], open: OpenSourceIndex, request: DraftRequest & { places: CitedPlace[] }): Promise<InsertPlan> {
  const { draft } = request;
  const files = draftFiles(draft);
  const format = draftFormatOf(draft.path);
  const setup = await documentSetup(draft.path, draft.text, format, files);
  const libraries = new Map<string, { source: Source; library: PaperLibrary }>();
  const located = await Promise.all(
    request.places.map(async (place) => {
      const at = locate(sources, place.file);
      if (!at) return null;
      const { source } = at;
      if (!libraries.has(source.label)) libraries.set(source.label, { source, library: await (await open(source)).papers.current(request.signal) });
      return { label: source.label, path: at.path };
    }),
  );
  // One library over the sources the places come from, keyed by the paths the session names.
  const records = new Map<string, PaperRecord>();
  const place = new Map<string, { source: Source; library: PaperLibrary; path: string }>();
  request.places.forEach((cited, i) => {
    const where = located[i];
    if (!where) return;
    const { source, library } = libraries.get(where.label)!;
    place.set(cited.file, { source, library, path: where.path });
    const record = library.records.get(where.path);
    if (record) records.set(cited.file, { ...record, path: cited.file });
  });
  const library: InsertLibrary = {
    records,
    pageLabel: (path, page) => place.get(path)?.library.pageLabel(place.get(path)!.path, page) ?? String(page),
    versionOf: (path) => {
      const at = place.get(path);
      return at ? (at.library.versionOf(at.path)?.replace(at.path, path) ?? null) : null;
    },
  };
  const cited = request.places.map(({ file, page, pageEnd }) => ({
    path: file,
    ...(page !== undefined ? { page } : {}),
    ...(pageEnd !== undefined ? { pageEnd } : {}),
  }));
  const plan = await planCitations(setup, cited, library, files, {
    pdfPathOf: (path) => {
      const at = place.get(path);
      return at ? join(at.source.root, ...at.path.split('/')) : null;
    },
  });
  return {
    style: { format: setup.format, command: setup.command },
    requests: request.places.map((_, i) => plan.requests.get(i) ?? null),
    bibEdits: plan.bibEdits,
    notes: plan.notes,
  };
}

export async function draftKeyCompletions(sources: readonly Source[], open: OpenSourceIndex, request: DraftRequest): Promise<KeyCompletion[]> {
  const { draft } = request;
  const files = draftFiles(draft);
  const source = sourceOfDraft(sources, draft.path);
  const [setup, library] = await Promise.all([
    documentSetup(draft.path, draft.text, draftFormatOf(draft.path), files),
    open(source).then((index) => index.papers.current(request.signal)),
  ]);
  return keyCompletions(setup, library, files, source.root);
}

/** Every source's index searched as one (sourceIndexes.ts: one without an index is searched as empty). */
export type OpenAllSources = () => Promise<OpenedSources>;

/**
 * What a draft is checked against: with one source, its index; with several (a workspace and its
 * libraries), all of them as one, so a key, DOI, title or bib `file` field resolves to a paper in
 * any of them (a Better BibTeX bib's `file` fields point into the Zotero library).
 */
async function checkedAgainst(sources: readonly Source[], open: OpenSourceIndex, openAll: OpenAllSources, draftPath: string, signal?: AbortSignal) {
  const source = sourceOfDraft(sources, draftPath);
  if (sources.length === 1) {
    const index = await open(source);
    return { retriever: index.retriever, library: await index.papers.current(signal), root: source.root, pathOf: undefined };
  }
  const opened = await openAll();
  const indexed = sources.filter((s) => !opened.unindexed.includes(s));
  const parts = await Promise.all(indexed.map(async (s) => ({ label: s.label, library: await (await open(s)).papers.current(signal) })));
  const pathOf = (absolute: string) => {
    for (const s of sources) {
      const rel = relative(s.root, absolute);
      if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return sourcePath(sources, s, rel.split(sep).join('/'));
    }
    return null;
  };
  return { retriever: opened.retriever, library: combinedLibrary(parts), root: source.root, pathOf };
}

export async function checkDraftCitations(
  sources: readonly Source[],
  open: OpenSourceIndex,
  openAll: OpenAllSources,
  request: CheckRequest,
): Promise<DraftCheck> {
  const { draft } = request;
  const { retriever, library, root, pathOf } = await checkedAgainst(sources, open, openAll, draft.path, request.signal);
  const result = await checkDraft({
    path: draft.path,
    text: draft.text,
    format: draftFormatOf(draft.path),
    retriever,
    library,
    libraryRoot: root,
    ...(pathOf ? { pathOf } : {}),
    files: draftFiles(draft),
    ...(request.range ? { range: request.range } : {}),
    ...(request.mode ? { mode: request.mode } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
  // The library's paths are the session's already when several sources were searched as one.
  const named = (path: string) => (pathOf ? path : sourcePath(sources, sources[0]!, path));
  const passage = (p: Passage): CheckedPassage => {
    const paper = library.ref(p.path);
    return {
      path: named(p.path),
      page: p.page,
      text: p.text,
      label: citationLabel({ file: named(p.path), ...(p.page !== null ? { page: p.page } : {}), ...(paper ? { paper } : {}) }),
    };
  };
  return {
    checks: result.checks.map((c) => ({
      key: c.key,
      line: c.line,
      verdict: c.verdict,
      reason: c.reason,
      keyRange: c.keyRange,
      sentenceRange: c.sentenceRange,
      sentence: c.sentence,
      evidence: c.evidence ? passage(c.evidence) : null,
      suggested: c.suggested ? { ...passage(c.suggested), key: c.suggested.key } : null,
      ...(c.attribution
        ? {
            attribution: {
              ...c.attribution,
              path: named(c.attribution.path),
              works: c.attribution.works.map((w) => ({ ...w, path: w.path && named(w.path) })),
            },
          }
        : {}),
    })),
    problems: result.problems,
    notes: result.notes,
  };
}
