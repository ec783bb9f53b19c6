/** What checking a draft's citations takes and gives (./checkCitations.ts). */
import type { Retriever, SearchOptions } from '../../index';
import type { SourceRange } from '../parsedDraft';

export type Verdict = 'supported' | 'not-found' | 'contradicted' | 'not-in-library';

/** The paper library as the check needs it; the records store provides it in the hosts. */
export interface CitationLibrary {
  /** The indexed document (relative path) a key cites, or null when the key is unknown or its PDF is not in the library. */
  resolveKey(key: string): { path: string } | null;
  /** The user's key for an indexed document, for a suggestion; null (or absent) when it has none. */
  keyForPath?(path: string): string | null;
}

export interface CheckOptions {
  retriever: Retriever;
  library: CitationLibrary;
  /** Indexed paths never given as evidence: the draft itself, and any other draft of the manuscript. */
  exclude: readonly string[];
  /** Documents another paper's support may come from (default: PDFs): notes and drafts are not papers to cite. */
  suggestable?: (path: string) => boolean;
  mode?: SearchOptions['mode'];
  signal?: AbortSignal;
  /** Overrides of the calibrated thresholds (checkCitations.ts), for calibrating them. */
  thresholds?: Partial<CheckThresholds>;
}

export interface CheckThresholds {
  /** A cited passage holding this much of the sentence (and every fact) supports it. */
  supported: number;
  /** Another paper is named when its passage holds this much of the sentence and every fact. */
  suggested: number;
  /** Another paper's passage holding this much more than the cited one's means the citation is to the wrong paper. */
  clearlyBetter: number;
}

export interface Passage {
  path: string;
  /** Physical page (1-based) where the passage starts; null for documents without pages. */
  page: number | null;
  text: string;
  /** 0-1: the weighted share of the sentence's words the passage holds (./passageSupport.ts). */
  coverage: number;
}

/** The verdict on one key of one cited sentence. */
export interface CitationCheck {
  /** Where the key is written (1-based). */
  line: number;
  column: number;
  /** The line the sentence starts on. */
  sentenceLine: number;
  /** The key as written, and the whole sentence as written (an editor places its marks there). */
  keyRange: SourceRange;
  sentenceRange: SourceRange;
  key: string;
  /** The sentence as a reader reads it. */
  sentence: string;
  verdict: Verdict;
  /** The cited paper's passage closest to the sentence (for `supported`, the one that supports it). */
  evidence: Passage | null;
  /** Another paper of the library that says what the sentence says, when the cited one does not. */
  suggested: (Passage & { key: string | null }) | null;
  /** One line: why this verdict (the numbers or names the passage lacks or states otherwise). */
  reason: string;
}
