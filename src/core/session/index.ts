/**
 * The composition root both hosts build on (README.md): one session from plain settings and the
 * sources to search, with the operations a host needs.
 */
export {
  openSession,
  indexStatus,
  type AskOptions,
  type IndexOptions,
  type Session,
  type SessionRequest,
  type SessionTurn,
  type SourceIndexer,
} from './session';
export { openAiServerOf, type ModelChoice, type SessionSettings } from './settings';
export { locate, sourcePath, type Source, type SourceKind } from './sources';
export { libraryAsSource, type LibrarySourceOptions } from './library';
export type { OpenedSources } from './sourceIndexes';
// An index folder on its own: delete it, or check its files against their checksums.
export { clearIndex, verifyIndex } from '../index';
export type { ReadingListWork, SessionPaper, SessionPapers } from './papers';
export type { OpenedCitationGraph } from '../index';
export type { CheckedCitation, CheckedPassage, CheckRequest, CitedPlace, Draft, DraftCheck, DraftRequest, InsertPlan } from './manuscript';
export { acrossSources } from './acrossSources';
