/**
 * The engine's half of "from answer to manuscript" (core/manuscript): planning the citations an
 * answer inserts into a draft, the keys offered while one is typed, and the check of a draft's
 * citations. The editor sends the draft with the texts of its open documents (unsaved edits
 * count); paths come back as the chat names them (`<label>/<path>` with several folders). No
 * `vscode` import: plain Node, like core.
 */
import { join, relative, isAbsolute } from 'node:path';
import { citationLabel } from '../../core/citations/citationLabel';
import { inFolder, splitFolderPath, type OpenedIndex } from '../../core/index';
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
  type Passage,
} from '../../core/manuscript';
import type { PaperLibrary } from '../../core/papers/paperLibrary';
import type { PaperRecord } from '../../core/papers/record';
import type { EngineCheckedPassage, EngineDraft, EngineDraftCheck, EngineDraftRequest, EngineFolder, EngineInsertPlan, EngineCitedPlace } from './contract';

/** Opens (or reuses) a folder's index for queries, with the editor's settings. */
export type OpenFolderIndex = (folder: EngineFolder, request: EngineDraftRequest) => Promise<OpenedIndex>;

/** The draft's files: the editor's open documents first, then the disk. */
function draftFiles(draft: EngineDraft): DraftFiles {
  return {
    read: async (path) => (path === draft.path ? draft.text : (draft.openTexts[path] ?? (await nodeDraftFiles.read(path)))),
    list: (dir) => nodeDraftFiles.list(dir),
  };
}

/** The folder that holds the draft (its papers are the draft's library), else the first. */
function folderOfDraft(folders: ReadonlyArray<EngineFolder>, path: string): EngineFolder {
  const inside = folders.filter((f) => {
    const rel = relative(f.root, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  });
  // The deepest folder wins when one workspace folder lies inside another.
  return inside.sort((a, b) => b.root.length - a.root.length)[0] ?? folders[0]!;
}

export async function planInsertion(request: EngineDraftRequest & { sources: EngineCitedPlace[] }, open: OpenFolderIndex): Promise<EngineInsertPlan> {
  const { draft, folders } = request;
  const files = draftFiles(draft);
  const format = draftFormatOf(draft.path);
  const setup = await documentSetup(draft.path, draft.text, format, files);
  const labels = folders.map((f) => f.label);
  const libraries = new Map<string, { folder: EngineFolder; library: PaperLibrary }>();
  const located = await Promise.all(
    request.sources.map(async (source) => {
      const split = folders.length > 1 ? splitFolderPath(source.file, labels) : { label: folders[0]!.label, path: source.file };
      const folder = split && folders.find((f) => f.label === split.label);
      if (!split || !folder) return null;
      if (!libraries.has(folder.label)) libraries.set(folder.label, { folder, library: await (await open(folder, request)).papers.current(request.signal) });
      return { label: folder.label, path: split.path };
    }),
  );
  // One library over the folders the sources come from, keyed by the paths the chat uses.
  const records = new Map<string, PaperRecord>();
  const place = new Map<string, { folder: EngineFolder; library: PaperLibrary; path: string }>();
  request.sources.forEach((source, i) => {
    const where = located[i];
    if (!where) return;
    const { folder, library } = libraries.get(where.label)!;
    place.set(source.file, { folder, library, path: where.path });
    const record = library.records.get(where.path);
    if (record) records.set(source.file, { ...record, path: source.file });
  });
  const library: InsertLibrary = {
    records,
    pageLabel: (path, page) => place.get(path)?.library.pageLabel(place.get(path)!.path, page) ?? String(page),
    versionOf: (path) => {
      const at = place.get(path);
      return at ? (at.library.versionOf(at.path)?.replace(at.path, path) ?? null) : null;
    },
  };
  const sources = request.sources.map(({ file, page, pageEnd }) => ({
    path: file,
    ...(page !== undefined ? { page } : {}),
    ...(pageEnd !== undefined ? { pageEnd } : {}),
  }));
  const plan = await planCitations(setup, sources, library, files, {
    pdfPathOf: (path) => {
      const at = place.get(path);
      return at ? join(at.folder.root, ...at.path.split('/')) : null;
    },
  });
  return {
    style: { format: setup.format, command: setup.command },
    requests: request.sources.map((_, i) => plan.requests.get(i) ?? null),
    bibEdits: plan.bibEdits,
    notes: plan.notes,
  };
}

export async function draftKeyCompletions(request: EngineDraftRequest, open: OpenFolderIndex): Promise<KeyCompletion[]> {
  const { draft } = request;
  const files = draftFiles(draft);
  const folder = folderOfDraft(request.folders, draft.path);
  const [setup, library] = await Promise.all([
    documentSetup(draft.path, draft.text, draftFormatOf(draft.path), files),
    open(folder, request).then((index) => index.papers.current(request.signal)),
  ]);
  return keyCompletions(setup, library, files, folder.root);
}

export async function checkDraftCitations(
  request: EngineDraftRequest & { range?: { start: number; end: number } },
  open: OpenFolderIndex,
): Promise<EngineDraftCheck> {
  const { draft } = request;
  const folder = folderOfDraft(request.folders, draft.path);
  const index = await open(folder, request);
  const library = await index.papers.current(request.signal);
  const result = await checkDraft({
    path: draft.path,
    text: draft.text,
    format: draftFormatOf(draft.path),
    retriever: index.retriever,
    library,
    libraryRoot: folder.root,
    files: draftFiles(draft),
    ...(request.range ? { range: request.range } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const named = (path: string) => (request.folders.length > 1 ? inFolder(folder.label, path) : path);
  const passage = (p: Passage): EngineCheckedPassage => {
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
      verdict: c.verdict,
      reason: c.reason,
      keyRange: c.keyRange,
      sentenceRange: c.sentenceRange,
      sentence: c.sentence,
      evidence: c.evidence ? passage(c.evidence) : null,
      suggested: c.suggested ? { ...passage(c.suggested), key: c.suggested.key } : null,
    })),
    problems: result.problems,
    notes: result.notes,
  };
}
