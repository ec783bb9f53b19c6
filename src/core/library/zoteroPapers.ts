/**
 * The paper library of a Zotero library's index: each document's record is Zotero's (title,
 * authors, year, publication, DOI, citation key: source `zotero`, from `Zotero item KEY`), and what
 * the PDF says fills only what Zotero lacks. The user's annotations and notes share their paper's
 * record and are marked as the user's own words. Items without a PDF are entries without a
 * document (a key in a draft still resolves to them). Read from the library record
 * (libraryRecord.ts) and the index's stored PDF fields; re-read when either changes.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { IndexStore, PaperSource } from '../index';
import { buildLibrary, EMPTY_LIBRARY, type PaperLibrary } from '../papers/paperLibrary';
import type { BibEntry } from '../papers/bib/entry';
import type { Field, PaperFields } from '../papers/record';
import { readStoredPapers } from '../papers/storedFields';
import type { Logger } from '../ports';
import { itemsByPath, LIBRARY_RECORD_FILE, readLibraryRecord, type LibraryItem, type LibraryRecord } from './libraryRecord';
import { mentionKeyFile } from './mentionKeyFile';
import { isOwnWordsPath } from './ownWords';
import { indexStateKey } from './indexState';
import { keepPapersSnapshot, readPapersSnapshot, type ZoteroLibraryInputs } from './papersSnapshot';

const CHECK_MS = 2000;

/** Zotero's record as fields (source `zotero`), empty ones left out. */
export function zoteroFields(item: LibraryItem): PaperFields {
  const field = <T>(value: T): Field<T> => ({ value, source: 'zotero', confidence: 1, from: `Zotero item ${item.key}` });
  const fields: PaperFields = {};
  if (item.title) fields.title = field(item.title);
  if (item.authors.length > 0) fields.authors = field(item.authors);
  if (item.year !== null) fields.year = field(item.year);
  if (item.publication) fields.venue = field(item.publication);
  if (item.doi) fields.doi = field(item.doi.toLowerCase());
  if (item.citationKey) fields.citekey = field(item.citationKey);
  return fields;
}

/** An item without a PDF as an entry of the library (for keys, DOIs and titles a draft cites). */
function entryOf(item: LibraryItem): BibEntry | null {
  if (!item.citationKey) return null;
  return {
    key: item.citationKey,
    type: item.itemType === 'journalArticle' ? 'article' : item.itemType.toLowerCase(),
    bibFile: 'Zotero',
    line: 0,
    ...(item.title ? { title: item.title } : {}),
    ...(item.authors.length ? { authors: item.authors } : {}),
    ...(item.year !== null ? { year: item.year } : {}),
    ...(item.publication ? { venue: item.publication } : {}),
    ...(item.doi ? { doi: item.doi.toLowerCase() } : {}),
    files: [],
  };
}

/** What the paper library of a record and the index's documents is built from: Zotero's fields over the PDF's. */
export async function zoteroLibraryInputs(store: IndexStore, record: LibraryRecord): Promise<ZoteroLibraryInputs> {
  const [documents, stored] = await Promise.all([store.documents(), readStoredPapers(store)]);
  const byPath = itemsByPath(record);
  return {
    root: record.root,
    documents: documents.map((d) => {
      const item = byPath.get(d.path);
      const pdf = stored.get(d.path);
      return {
        path: d.path,
        fields: item ? { ...(pdf?.fields ?? {}), ...zoteroFields(item) } : (pdf?.fields ?? null),
        pageLabels: pdf?.pageLabels ?? null,
        ownWords: isOwnWordsPath(d.path),
        retracted: item?.retracted ?? false,
      };
    }),
    entries: record.items.filter((i) => i.pdfs.length === 0).flatMap((i) => entryOf(i) ?? []),
  };
}

/** The paper library of its inputs; `dbDir`: where its mention keys are kept (mentionKeyFile.ts). */
export function libraryOfInputs(inputs: ZoteroLibraryInputs, dbDir?: string): PaperLibrary {
  return buildLibrary(inputs.documents, [{ entries: inputs.entries, problems: [] }], inputs.root, dbDir ? mentionKeyFile(dbDir) : undefined);
}

/** The library of a record and the index's documents: Zotero's fields over the PDF's; `dbDir`: where its mention keys are kept (mentionKeyFile.ts). */
export async function zoteroLibraryOf(store: IndexStore, record: LibraryRecord, dbDir?: string): Promise<PaperLibrary> {
  return libraryOfInputs(await zoteroLibraryInputs(store, record), dbDir);
}

/**
 * The rules `papers-snapshot.json` is made under: a snapshot made under other rules is built again.
 * Bump it when what `zoteroLibraryInputs` makes can differ (its code, the helpers it calls, the
 * shape of ZoteroLibraryInputs); test/unit/library/kept-file-rules.test.ts holds a hash of that
 * code as written in src/ and fails until it is bumped. A number, not a hash of the functions'
 * text: the CLI's bundle, the editor's (minified when packaged) and tsx print that text
 * differently, and each would rebuild the file the other kept.
 */
export const PAPERS_SNAPSHOT_RULES_VERSION = 1;

/**
 * The inputs of the index's current state: kept in the index folder (papersSnapshot.ts) when the
 * index is local, so a later process reads one file instead of the index's rows and `library.json`.
 * Kept only when the index is in the state `store` was opened in (`openedState`): a store opened
 * before another process re-indexed reads the rows of the state before, which must not be kept
 * under the new one.
 */
async function currentInputs(store: IndexStore, dbDir: string, openedState: string | null): Promise<ZoteroLibraryInputs | null> {
  const state = indexStateKey(dbDir);
  const kept = state ? readPapersSnapshot(dbDir, state, PAPERS_SNAPSHOT_RULES_VERSION) : null;
  if (kept) return kept;
  const record = await readLibraryRecord(dbDir);
  if (!record) return null;
  const inputs = await zoteroLibraryInputs(store, record);
  if (state && state === openedState && indexStateKey(dbDir) === state) keepPapersSnapshot(dbDir, state, PAPERS_SNAPSHOT_RULES_VERSION, inputs);
  return inputs;
}

/** A PaperSource for a Zotero library's index (`dbDir` holds its library record). */
export function zoteroPaperSource(store: IndexStore, dbDir: string, logger?: Logger): PaperSource {
  let built: { key: string; library: Promise<PaperLibrary> } | null = null;
  let checkedAt = -Infinity;
  // Made as the index is opened for queries (core/index openIndexForQueries): the state its rows are of.
  const openedState = indexStateKey(dbDir);
  const recordFile = join(dbDir, LIBRARY_RECORD_FILE);
  // A local index: a few stats (indexState.ts); on object storage, the record's stamp and the documents' hashes.
  const stateKey = async () => {
    const local = indexStateKey(dbDir);
    if (local) return local;
    const info = await stat(recordFile).catch(() => null);
    const documents = await store.documents();
    return `${info?.mtimeMs ?? 0}:${info?.size ?? 0}#${documents.length}:${documents.map((d) => d.contentHash).join('')}`;
  };
  return {
    async current() {
      if (built && performance.now() - checkedAt < CHECK_MS) return built.library;
      checkedAt = performance.now();
      const key = await stateKey();
      if (built?.key === key) return built.library;
      const library = currentInputs(store, dbDir, openedState)
        .then((inputs) => (inputs ? libraryOfInputs(inputs, dbDir) : EMPTY_LIBRARY))
        .catch((error: unknown) => {
          logger?.warn("papers: the Zotero library's records could not be read; citations name files", error);
          return EMPTY_LIBRARY;
        });
      built = { key, library };
      return library;
    },
    refresh() {
      built = null;
      checkedAt = -Infinity;
    },
  };
}
