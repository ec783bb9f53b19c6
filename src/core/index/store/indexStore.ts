/**
 * What the rest of the product may use of the LanceDB index: keep this small. Search reads
 * `table` directly (full-text / vector queries); everything that writes goes through the
 * methods, so the bookkeeping (documents table, meta file) stays consistent with the chunks.
 */
import type { Table } from '@lancedb/lancedb';
import type { Chunk, DocumentKind } from '../types';
import type { IndexChecksums } from './checksums';
import type { IndexStoreError } from './errors';
import type { PaperFieldTable } from './paperFieldTable';
import type { SentenceVectors } from './sentenceVectorTable';
import type { PaperReferenceTable } from './paperReferenceTable';

/** Index-level facts, kept in `<dbDir>/index-meta.json`. */
export interface IndexMeta {
  schemaVersion: number;
  /** Embedder id that produced the vectors ('ollama:nomic-embed-text', 'local:all-MiniLM-L6-v2'), or null: full-text only. */
  embeddingModel: string | null;
  /** Vector length, or null when full-text only. */
  dimension: number | null;
  /** For `local` embeddings: the model folder used, so search can embed queries the same way. */
  modelDir: string | null;
  /** ISO time of the last completed (not cancelled) indexing run, or null if never. */
  lastIndexedAt: string | null;
  /** Host name of the machine whose run completed last (who keeps a shared index fresh). */
  lastIndexedBy?: string;
  /** ISO time the index folder was created. */
  createdAt: string;
  /**
   * Size and sha256 of every immutable table file at the last commit (./checksums.ts). Absent in
   * indexes made before checksums were recorded: the next index run records them.
   */
  checksums?: IndexChecksums | null;
  /**
   * Whether the last completed run read textless PDF pages with OCR. Absent in indexes made before
   * OCR existed; a run with OCR on then re-reads the PDFs that have textless pages, once.
   */
  ocr?: boolean;
  /**
   * The embedder id under which every chunk had its sentence vectors (./sentenceVectorTable.ts)
   * at the end of the last completed run. Absent in indexes made before them and after a run cut
   * short: the next run embeds the sentences still missing, and only those.
   */
  sentenceVectors?: string | null;
  /**
   * The version of the rules that read every PDF's paper fields (./paperFieldTable.ts) at the end of
   * the last completed run. Absent in indexes made before records: their next run reads page 1 and
   * the metadata of each PDF, once, and nothing else.
   */
  paperFields?: number | null;
  /**
   * The version of the rules that read every PDF's reference list (./paperReferenceTable.ts) at the
   * end of the last completed run. Absent in indexes made before reference lists: their next run
   * reads each PDF's text layout (and its OCR'd pages' words from the OCR cache) once, nothing else.
   */
  paperReferences?: number | null;
  /**
   * Where the last run that checked every document's content against the index ran (./origin.ts).
   * A run elsewhere (another folder, host or machine), or on an index without it (made by an
   * earlier version, or by someone else and left in the folder), hashes every document before it
   * trusts a file's size and time to mean "unchanged".
   */
  origin?: IndexOrigin;
  /**
   * The folders outside the indexed one that the last completed run let symbolic links lead into
   * (absolute, pipeline/discover.ts). Whoever walks the folder for this index again (`status`, the
   * bib files of its papers) follows the same links, so a linked library is not "removed".
   */
  followLinksInto?: string[];
}

export interface IndexOrigin {
  /** The indexed folder, absolute. */
  root: string;
  host: string;
  /** A hash of this machine's id (/etc/machine-id), so a copied host name is not enough. */
  machine: string;
}

/** Bookkeeping for one indexed document. */
export interface StoredDocument {
  /** Relative POSIX path from the indexed root. */
  path: string;
  kind: DocumentKind;
  size: number;
  mtimeMs: number;
  /** sha256 of the file's bytes, hex. */
  contentHash: string;
  /** PDFs: physical page count; other kinds: null. */
  pages: number | null;
  chunks: number;
  warnings: string[];
  indexedAt: string;
}

/** One document's replacement: its new bookkeeping, chunks and (when embeddings are on) one vector per chunk. */
export interface DocumentWrite {
  document: Omit<StoredDocument, 'chunks' | 'indexedAt'>;
  chunks: Chunk[];
  /** Same length and order as `chunks`; null when the index is full-text only. */
  vectors: ArrayLike<number>[] | null;
}

export interface IndexStore {
  /** The index folder, or its object-store URI. */
  readonly dir: string;
  /** True for an index on object storage (s3://…): no local checksums, shared by several machines. */
  readonly onObjectStore: boolean;
  /** Opened by a reader: every write throws. */
  readonly readOnly: boolean;
  /** The chunks table (schema in ./schema.ts). Read-only use: search. */
  readonly table: Table;
  meta(): IndexMeta;
  /** True when the chunks table has a `vector` column. */
  hasVectors(): boolean;
  documents(): Promise<StoredDocument[]>;
  /** Number of chunk rows. */
  countChunks(): Promise<number>;
  /**
   * Makes the index match an embedder: when the recorded model or dimension differs, all chunks
   * and documents are dropped (everything must be re-embedded) and the new model is recorded.
   * Returns the previous model when it changed, so the caller can say so.
   */
  configureEmbedding(embeddingModel: string | null, dimension: number | null, modelDir?: string | null): Promise<{ changed: boolean; previous: string | null }>;
  /** Replaces each document's chunks in one commit (old chunks of those paths go), then its bookkeeping. */
  replaceDocuments(writes: DocumentWrite[]): Promise<void>;
  replaceDocument(write: DocumentWrite): Promise<void>;
  /** Re-stamps documents whose bytes are unchanged (touched files): bookkeeping only. */
  recordDocuments(documents: StoredDocument[]): Promise<void>;
  /** Removes documents (chunks and bookkeeping). */
  deleteDocuments(paths: string[]): Promise<void>;
  /** Records the end of a completed run, with the checksums of the files it left. */
  markIndexed(at?: Date, patch?: Pick<IndexMeta, 'ocr' | 'sentenceVectors' | 'paperFields' | 'paperReferences' | 'origin' | 'followLinksInto'>): Promise<void>;
  /** Records the checksums of the files as they are now (every write records them after its commit; markIndexed too). */
  recordChecksums(): Promise<void>;
  /**
   * `status --verify`'s half that needs the index open: every row of every table read, and a
   * full-text, a vector and a sentence-vector query run. Damage is IndexCorruptError.
   */
  verifyReads(): Promise<void>;
  /**
   * What a failed read of the table means: the damaged-index error, naming the file whose
   * checksum no longer matches when one does. Search calls it for any query that fails.
   */
  damageFrom(error: unknown, what?: string): Promise<IndexStoreError>;
  /**
   * Compacts, refreshes the full-text and path indices (creating them if missing) and prunes old versions.
   * With `{ indicesOnly: true }` it only creates missing indices (cheap; after a cancelled run).
   */
  optimize(options?: { indicesOnly?: boolean }): Promise<void>;
  /** The rerank's sentence vectors of chunk texts (./sentenceVectorTable.ts); writes throw on a reader. */
  readonly sentenceVectors: SentenceVectors;
  /** What each PDF says about the paper it is (./paperFieldTable.ts); writes throw on a reader. */
  readonly paperFields: PaperFieldTable;
  /** Each PDF's reference list and in-text citations (./paperReferenceTable.ts); writes throw on a reader. */
  readonly paperReferences: PaperReferenceTable;
  /** True when every column that should carry an index has one (false after a first run was cut short). */
  isSearchReady(): Promise<boolean>;
  /** True when every column search filters by carries its index (schema.ts FILTER_COLUMNS): false on an index made before it had one. */
  hasFilterIndices(): Promise<boolean>;
  close(): void;
}

export interface OpenIndexStoreOptions {
  /** Create the folder and tables when absent (the indexer); readers leave it false. */
  create?: boolean;
  /** A reader: no writes at all (no meta, no checksums), whatever else is asked. */
  readOnly?: boolean;
  /** Sees other processes' writes on every read (a long-lived reader while the CLI indexes). */
  readConsistencyIntervalSeconds?: number;
}
