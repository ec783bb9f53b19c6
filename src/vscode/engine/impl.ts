/**
 * The heavy half of the extension, bundled alone into `dist/engine.js` and required on first use
 * (see ./load.ts): an adapter from the editor's requests to core's session (core/session), which
 * opens the indexes, chooses the model and runs the graph for the CLI the same way. One session is
 * kept while the settings and the workspace's folders stay the same, so its open indexes and its
 * assistant serve every turn. No `vscode` import: plain Node, like core.
 */
import type { Logger } from '../../core/ports';
import { readLibraryRecord, type LibraryRun } from '../../core/library';
import { clearIndex, indexStatus, libraryAsSource, openSession, verifyIndex, type Session, type Source } from '../../core/session';
import type { Engine, EngineFolder, EngineSettings } from './contract';
import { libraryScope } from './libraryScope';

let current: { key: string; session: Session } | undefined;

/** Where the session logs: the output channel of the last request that named one (they all name the same). */
let log: Logger | undefined;
const logger: Logger = {
  debug: (message, ...details) => log?.debug(message, ...details),
  info: (message, ...details) => log?.info(message, ...details),
  warn: (message, ...details) => log?.warn(message, ...details),
  error: (message, ...details) => log?.error(message, ...details),
};

function sourcesOf(folders: ReadonlyArray<EngineFolder>, settings: EngineSettings): Source[] {
  // A library's papers are its own records (a Zotero library's come from its database), read through core/library.
  return folders.map(({ label, dbDir, root, library }) =>
    library ? libraryAsSource(root, { label, dbDir, logger }) : { kind: 'folder', label, root, dbDir, refreshSeconds: settings.indexRefreshSeconds },
  );
}

/** The session for these settings and folders: the one kept, or a new one in its place. */
async function sessionFor(settings: EngineSettings, folders: ReadonlyArray<EngineFolder>): Promise<Session> {
  // In memory only: the model server's key is part of it, so a new key takes effect.
  const key = JSON.stringify([settings, folders]);
  if (current?.key === key) return current.session;
  const previous = current;
  current = { key, session: openSession({ settings, sources: sourcesOf(folders, settings), logger }) };
  await previous?.session.close().catch(() => undefined);
  return current.session;
}

export const engine: Engine = {
  async *indexFolder(request) {
    const { settings, signal } = request;
    log = request.logger;
    // Queries must not hold the folder open while it is rewritten (and must see the new rows after).
    await current?.session.release(request.dbDir);
    const source: Source = { kind: 'folder', label: '', root: request.root, dbDir: request.dbDir };
    const session = openSession({ settings, sources: [source], logger: request.logger });
    try {
      // The run's summary carries `embeddingChoice`: not a notice, since which backend `auto` picked is
      // routine, and notices are what a person should read.
      return yield* session.index(source, {
        rebuild: request.rebuild ?? false,
        ...(signal ? { signal } : {}),
        onEmbedderChosen: (choice) => request.logger.info(`embeddings: ${choice.reason}`),
      });
    } finally {
      await session.close();
    }
  },
  async *indexLibrary(request) {
    log = request.logger;
    await current?.session.release(request.dbDir);
    const source = libraryAsSource(request.root, { dbDir: request.dbDir, logger: request.logger });
    const session = openSession({ settings: request.settings, sources: [source], logger: request.logger });
    try {
      const run = (yield* session.index(source, request.signal ? { signal: request.signal } : {})) as LibraryRun;
      return { ...run, kind: run.kind ?? source.kind, upToDate: run.upToDate ?? false, ...(run.items ? { items: run.items } : {}) };
    } finally {
      await session.close();
    }
  },
  async libraryStatus(dbDir) {
    const stats = await indexStatus(dbDir).catch(() => null);
    if (!stats) return null;
    const record = await readLibraryRecord(dbDir).catch(() => null);
    const papers = record ? record.items.length : stats.documents;
    const withPdf = record ? record.items.filter((item) => item.pdfs.length > 0).length : stats.documents;
    return { papers, withPdf, documents: stats.documents, lastIndexedAt: stats.lastIndexedAt ?? null };
  },
  libraryScope,
  async runTurn(request) {
    log = request.logger;
    const session = await sessionFor(request.settings, request.folders);
    return session.ask(request.input, {
      model: request.model,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.onEvent ? { onEvent: request.onEvent } : {}),
    });
  },
  async listPapers(folders, settings) {
    // Read afresh each time (no index stays open for it): a session of its own.
    const session = openSession({ settings, sources: sourcesOf(folders, settings), logger });
    try {
      return await session.papers();
    } finally {
      await session.close();
    }
  },
  async citationLinks(folders, settings, path) {
    // Read afresh (an index run may have read the list since): a session of its own, as listPapers.
    const session = openSession({ settings, sources: sourcesOf(folders, settings), logger });
    try {
      return await session.citationLinks(path);
    } finally {
      await session.close();
    }
  },
  async planInsertion({ folders, settings, draft, signal, sources }) {
    return (await sessionFor(settings, folders)).planInsertion({ draft, places: sources, ...(signal ? { signal } : {}) });
  },
  async keyCompletions({ folders, settings, draft, signal }) {
    return (await sessionFor(settings, folders)).keyCompletions({ draft, ...(signal ? { signal } : {}) });
  },
  async checkDraft({ folders, settings, draft, signal, range, onProgress }) {
    return (await sessionFor(settings, folders)).checkDraft({
      draft,
      ...(signal ? { signal } : {}),
      ...(range ? { range } : {}),
      ...(onProgress ? { onProgress } : {}),
    });
  },
  refreshPapers: () => current?.session.refreshPapers(),
  indexStatus,
  async clearIndex(dbDir) {
    await current?.session.release(dbDir);
    await clearIndex(dbDir);
  },
  async closeIndex(dbDir) {
    await current?.session.release(dbDir);
  },
  verifyIndex,
  async close() {
    const kept = current;
    current = undefined;
    await kept?.session.close();
  },
};
