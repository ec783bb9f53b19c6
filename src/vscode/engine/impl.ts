/**
 * The heavy half of the extension, bundled alone into `dist/engine.js` and required on first use
 * (see ./load.ts). It adapts core's index and graph to the editor's requests and keeps one open
 * index store per index folder for queries; a turn searches every workspace folder's index through
 * core's multiFolderRetriever. No `vscode` import: plain Node, like core.
 */
import {
  IndexMissingError,
  clearIndex,
  indexWithEmbedder,
  multiFolderRetriever,
  inFolder,
  openIndexForQueries,
  openPaperLibrary,
  verifyIndex,
  type FolderRetriever,
  type IndexProgress,
  type IndexStats,
  type OpenAiServer,
  type OpenedIndex,
  type Retriever,
} from '../../core/index';
import type { NetworkLimits } from '../../core/llm/timeouts';
import type { TurnResult } from '../../core/graph/api';
import type { Engine, EngineFolder, EngineIndexRequest, EngineIndexSummary, EnginePaper, EnginePapers, EngineSettings, EngineTurnRequest } from './contract';
import { join } from 'node:path';
import { paperDescription } from '../../core/citations/citationLabel';
import { paperRefOf } from '../../core/papers/ref';
import { recordJson } from '../../core/papers/recordJson';
import { disposeAssistant, runResearchTurn } from './turn';
import { openAiServerFor } from './modelServer';
import { checkDraftCitations, draftKeyCompletions, planInsertion, type OpenFolderIndex } from './manuscript';

interface OpenIndex {
  index: OpenedIndex;
  /** Ollama host / model server / model folder the retriever's query embedder was made with. */
  key: string;
}

const open = new Map<string, Promise<OpenIndex>>();

async function closeIndex(dbDir: string): Promise<void> {
  const entry = open.get(dbDir);
  open.delete(dbDir);
  if (!entry) return;
  try {
    await (await entry).index.close();
  } catch {
    // It never opened: nothing to close.
  }
}

/** The store and retriever for queries, opened once and reused until the next indexing run. */
async function openForQueries(
  dbDir: string,
  ollamaHost: string,
  openai: OpenAiServer | null,
  modelDir: string,
  limits: NetworkLimits,
  refreshSeconds: number,
  folder: { root: string; exclude: string[] },
): Promise<OpenIndex> {
  // In memory only: the key of the model server is part of it, so a new key takes effect.
  const key = JSON.stringify([ollamaHost, openai, modelDir, limits, refreshSeconds, folder]);
  let entry = open.get(dbDir);
  if (entry) {
    const ready = await entry.catch(() => undefined);
    if (ready && ready.key === key) return ready;
    await closeIndex(dbDir);
  }
  // A shared index (object-store URI) is checked for the writer's new versions every
  // `refreshSeconds`; a local one changes only through this editor's runs, which reopen it.
  entry = openIndexForQueries(
    dbDir,
    { ollamaHost: ollamaHost || null, openai, modelDir: modelDir || null, limits },
    { refreshSeconds, root: folder.root, exclude: folder.exclude },
  ).then((index) => ({
    index,
    key,
  }));
  open.set(dbDir, entry);
  entry.catch(() => open.delete(dbDir));
  return entry;
}

async function* indexWorkspace(request: EngineIndexRequest): AsyncGenerator<IndexProgress, EngineIndexSummary> {
  const { settings, signal, logger } = request;
  // Queries must not hold the folder open while it is rewritten (and must see the new rows after).
  await closeIndex(request.dbDir);
  // The run's summary carries `embeddingChoice`: not a notice, since which backend `auto` picked is
  // routine, and notices are what a person should read.
  return yield* indexWithEmbedder({
    root: request.root,
    dbDir: request.dbDir,
    embedding: {
      mode: settings.embedding.provider,
      ollamaHost: settings.ollamaHost || null,
      ollamaModel: settings.embedding.model || null,
      openai: openAiServerFor(settings),
      modelDir: settings.embedding.localDir || null,
      localPrecision: settings.embedding.localPrecision,
      limits: settings.timeouts,
    },
    include: settings.index.include,
    exclude: settings.index.exclude,
    followLinksInto: settings.index.followLinksInto,
    limits: settings.index.limits,
    ocr: settings.index.ocr,
    rebuild: request.rebuild ?? false,
    ...(signal ? { signal } : {}),
    logger,
    onEmbedderChosen: (choice) => logger.info(`embeddings: ${choice.reason}`),
  });
}

async function indexStatus(dbDir: string): Promise<IndexStats | null> {
  try {
    // A fresh handle: the stats (and the meta file) change with every run.
    const index = await openIndexForQueries(dbDir, { embedder: null });
    try {
      return await index.retriever.stats();
    } finally {
      await index.close();
    }
  } catch (error) {
    if (error instanceof IndexMissingError) return null;
    throw error;
  }
}

async function runTurn(request: EngineTurnRequest): Promise<TurnResult> {
  const { ollamaHost, embedding, timeouts, indexRefreshSeconds } = request.settings;
  const openai = openAiServerFor(request.settings);
  const folders = await Promise.all(
    request.folders.map(async ({ label, dbDir, root }) => {
      try {
        const opened = await openForQueries(dbDir, ollamaHost, openai, embedding.localDir, timeouts, indexRefreshSeconds, {
          root,
          exclude: request.settings.index.exclude,
        });
        return { label, retriever: opened.index.retriever };
      } catch (error) {
        // One folder not indexed yet must not silence the others; with one folder the graph's gate says "not indexed".
        if (!(error instanceof IndexMissingError) || request.folders.length === 1) throw error;
        return { label, retriever: EMPTY_RETRIEVER };
      }
    }),
  );
  return runResearchTurn(request, fannedOut(folders));
}

/** A folder without an index yet, in a multi-root workspace: it has nothing to find. */
const EMPTY_RETRIEVER: Retriever = {
  search: async () => [],
  listDocuments: async () => [],
  stats: async () => ({ documents: 0, chunks: 0, embeddingModel: null, dimension: null, lastIndexedAt: null }),
};

let lastFanOut: { folders: FolderRetriever[]; retriever: Retriever } | undefined;

/** The same retriever object while the folders' retrievers stay the same, so the assistant is kept (turn.ts). */
function fannedOut(folders: FolderRetriever[]): Retriever {
  const same =
    lastFanOut &&
    lastFanOut.folders.length === folders.length &&
    lastFanOut.folders.every((f, i) => f.label === folders[i]!.label && f.retriever === folders[i]!.retriever);
  if (!same) lastFanOut = { folders, retriever: multiFolderRetriever(folders) };
  return lastFanOut!.retriever;
}

/** Every folder's documents with their records, paths labelled as citations label them. */
async function listPapers(folders: ReadonlyArray<EngineFolder>, settings: EngineSettings): Promise<EnginePapers> {
  const papers: EnginePaper[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    let opened;
    try {
      opened = await openPaperLibrary(folder.dbDir, folder.root, { exclude: settings.index.exclude });
    } catch (error) {
      if (error instanceof IndexMissingError) continue;
      throw error;
    }
    const { library, documents } = opened;
    const labelled = (path: string) => (folders.length > 1 ? inFolder(folder.label, path) : path);
    for (const document of [...documents].sort((a, b) => a.path.localeCompare(b.path))) {
      const record = library.records.get(document.path);
      const citekey = record?.citekey;
      const entry = citekey ? library.entries.find((e) => e.key === citekey.value) : undefined;
      papers.push({
        path: labelled(document.path),
        name: paperDescription(paperRefOf(record)),
        record: { ...recordJson(labelled(document.path), record) },
        bibEntry: entry ? { file: join(folder.root, entry.bibFile), line: entry.line } : null,
      });
    }
    for (const p of library.problems) problems.push(`${labelled(p.bibFile)}:${p.line}: ${p.message}`);
  }
  return { papers, problems };
}

/** A folder's index for the manuscript tools, opened as a turn opens it (the same handle). */
const openFolderIndex: OpenFolderIndex = async (folder, { settings }) =>
  (
    await openForQueries(
      folder.dbDir,
      settings.ollamaHost,
      openAiServerFor(settings),
      settings.embedding.localDir,
      settings.timeouts,
      settings.indexRefreshSeconds,
      {
        root: folder.root,
        exclude: settings.index.exclude,
      },
    )
  ).index;

export const engine: Engine = {
  indexFolder: indexWorkspace,
  listPapers,
  planInsertion: (request) => planInsertion(request, openFolderIndex),
  keyCompletions: (request) => draftKeyCompletions(request, openFolderIndex),
  checkDraft: (request) => checkDraftCitations(request, openFolderIndex),
  refreshPapers() {
    for (const entry of open.values())
      void entry.then(
        (opened) => opened.index.papers.refresh(),
        () => undefined,
      );
  },
  indexStatus,
  async clearIndex(dbDir) {
    await closeIndex(dbDir);
    await clearIndex(dbDir);
  },
  closeIndex,
  verifyIndex,
  runTurn,
  async close() {
    await disposeAssistant().catch(() => undefined);
    await Promise.all([...open.keys()].map(closeIndex));
  },
};
