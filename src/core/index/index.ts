/**
 * The document index as the hosts (the CLI, the editor, the benchmarks) use it: what they need and
 * nothing more. Everything else in this folder is reached from here or from core/graph; a host
 * that needs more adds it here on purpose. README.md says how it works and where to start.
 */

// Open for queries; index a folder with the right embedder; what changed since the last run.
export {
  clearIndex,
  indexWithEmbedder,
  openFoldersForQueries,
  openIndexForQueries,
  openPaperLibrary,
  openCitationGraph,
  type OpenedCitationGraph,
  type IndexRun,
  type IndexRunRequest,
  type OpenedIndex,
  type QueryEmbedding,
} from './session';
export type { PaperSource } from './papers/paperSource';
export { changesSinceLastRun } from './pipeline/pending';
// With an embedder or a store of one's own (the benchmarks time these directly).
export { indexFolder } from './pipeline/indexer';
export { createRetriever } from './search/search';
export type { RetrieverOptions } from './search/retrieverOptions';
export type { Embedder } from './embed/embedder';
export type { IndexStore } from './store/indexStore';

// What search returns and an indexing run reports.
export type {
  Chunk,
  DiscoveredFile,
  DocumentSource,
  ExtractedDocument,
  FileFailure,
  IndexProgress,
  IndexStats,
  IndexSummary,
  LibraryPaper,
  NamedPaper,
  OcrSummary,
  Provenance,
  Retriever,
  SearchHit,
  SearchOptions,
  PassagesOptions,
  CitingPassages,
} from './types';

// Settings a host passes in, and their defaults.
export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, DEFAULT_INDEX_DIR_NAME, discoverFiles } from './pipeline/discover';
export { DEFAULT_OCR_SETTINGS, parseOcrLanguages, type OcrSettings } from './pipeline/ocr/settings';
export { DEFAULT_FILE_LIMITS, FILE_LIMITS, type FileLimitName, type FileLimits } from './pipeline/fileLimits';
export { DEFAULT_OLLAMA_EMBED_MODEL } from './embed/ollama';
export { LOCAL_PRECISIONS, type LocalPrecision } from './embed/local';
export type { EmbedderSelection, OpenAiServer } from './embed/select';
export type { EmbedderChoice, EmbedMode } from './embed/embedder';

// Failures a host turns into a line that says what to do (decided by class and `code`).
export { InvalidChunkOptionsError } from './pipeline/chunk';
export { OcrError } from './pipeline/ocr/errors';
export { EmbedderError } from './embed/errors';
export { SearchError } from './search/search';
export { IndexCorruptError, IndexMissingError, IndexStoreError, isIndexDamage } from './store/errors';

// The index itself: a folder or a shared index on object storage (s3://…); open, verify.
export { checkDocumentHashes, describeMismatch, openIndexStore, verifyIndex, type DocumentCheck, type VerifyReport } from './store';
export { isObjectStoreUri, parseObjectLocation, UnsupportedLocationError } from './store/objectStore/location';
export { DOCUMENTS_TABLE, META_FILE } from './store/schema';
export { PAPER_FIELDS_TABLE } from './store/paperFieldTable';

// Several folders searched as one (multi-root workspaces, the CLI's --folder).
export { folderLabels, inFolder, multiFolderRetriever, splitFolderPath, sumStats, type FolderRetriever } from './search/folders';
export { sumSummaries } from './pipeline/folderSummary';

// How runs and locations read, the same in the terminal and the editor.
export { plural, progressText, runSummaryText, type ProgressText } from './pipeline/runText';
export { describePages } from './pipeline/extract/pageText';
export { citesParagraphs, lineWord } from './lineUnits';

// Opening a citation: the file's hash (is it still the indexed version?), a DOCX's text, the OCR'd
// words of a scanned page (to highlight a passage on it).
export { hashFile } from './contentHash';
export { extractDocx } from './pipeline/extract/docx';
export { PagePreviewThread } from './pipeline/extract/previewThread';
export { cachedOcrWords, ocrCacheDirOf } from './pipeline/ocr/cache';
