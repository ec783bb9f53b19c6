/**
 * From answer to manuscript, the parts with no editor: what a draft cites (parse/), how it cites
 * and where its bibliography is (setup/), the text to insert (insert/), a BibTeX entry for a
 * paper the bib lacks (bib/), and the check of its citations against the library (check/).
 * README.md says how each works. Hosts (the CLI, the editor) import from here.
 */

// A draft's cited sentences, and the problems met reading it.
export type { Citation, CitedKey, CitedSentence, DraftFormat, DraftProblem, ParsedDraft, SourcePosition, SourceRange } from './parsedDraft';
export { draftFormatOf, parseDraft } from './parse/parseDraft';

// The document's citation style and bibliography (a multi-file LaTeX document through its root).
export { documentSetup, type CitationPackage, type DocumentSetup } from './setup/documentSetup';
export { DRAFT_FILE_MAX_BYTES, nodeDraftFiles, type DraftFiles } from './setup/files';

// Text to insert: plain text, or escaped for insertSnippet.
export { citationText, snippetEscaped, type CitationRequest, type CitationStyle } from './insert/citationText';
export { answerText, type AnswerText } from './insert/answerText';
export { planCitations, type BibEdit, type CitationPlan, type CitedSource, type InsertLibrary } from './insert/plan';

// Completing keys as they are typed.
export { citationKeyAt, keyCompletions, type KeyCompletion, type KeyContext } from './complete/citationCompletion';

// The user's bib as written, and an entry for a paper it lacks.
export { scanBib, type BibEntryFacts, type BibProblem, type BibScan } from './bib/bibScan';
export { bibEntryFor, withEntry, type BibEntryResult, type GenerateOptions } from './bib/generateEntry';

// Checking a draft's citations against the library.
export { checkCitations } from './check/checkCitations';
export { checkDraft, type DraftCheck, type DraftCheckRequest } from './check/checkDraft';
export { citationLibraryOf } from './check/citationLibrary';
export { THRESHOLDS } from './check/verdict';
export type { Attribution, CheckCause, CheckOptions, CheckThresholds, CitationCheck, CitationLibrary, Passage, Verdict } from './check/citationCheck';
