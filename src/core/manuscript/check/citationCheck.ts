/** What checking a draft's citations takes and gives (./checkCitations.ts). */
import type { Retriever, SearchOptions } from '../../index';
import type { SourceRange } from '../parsedDraft';

/**
 * `supported`: the cited page (or, without a locator, some page of the cited paper) says it;
 * `other-page`: the cited paper says it, but not on the page the locator names; `not-found`: the
 * cited paper does not say it (another paper may: `suggested`); `contradicted`: the cited page gives
 * another number for it; `not-in-library`: the key names no indexed paper.
 */
export type Verdict = 'supported' | 'other-page' | 'not-found' | 'contradicted' | 'not-in-library';

/**
 * Why the verdict, for a host to group and act on (the text is `reason`): `states-it`; `elsewhere`
 * (another page of the cited paper); `missing-fact` (a number or name of the sentence is on no page
 * of it); `few-words` (its closest page shares too little of the sentence); `other-paper` (another
 * paper says it more fully); `number-differs`; `relation-differs` (the page that holds the sentence's
 * words says the opposite: ./relations.ts); `no-passage`; `no-paper`.
 */
export type CheckCause =
  'states-it' | 'elsewhere' | 'missing-fact' | 'few-words' | 'other-paper' | 'number-differs' | 'relation-differs' | 'no-passage' | 'no-paper';

/** The paper library as the check needs it; the records store provides it in the hosts. */
export interface CitationLibrary {
  /** The indexed document (relative path) a key cites, or null when the key is unknown or its PDF is not in the library. */
  resolveKey(key: string): { path: string } | null;
  /** The user's key for an indexed document, for a suggestion; null (or absent) when it has none. */
  keyForPath?(path: string): string | null;
  /** A physical page (1-based) as the reader numbers it: the PDF's printed label, else the page itself (absent: the page itself). */
  pageLabel?(path: string, page: number): string;
  /** A paper's name as citations print it ("Hothorn et al. (2006)"); null (or absent) when its record has none. */
  nameOf?(path: string): string | null;
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
  /** Called after each cited sentence is checked: how many of how many. */
  onProgress?: (done: number, total: number) => void;
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
  /** The cited paper's page closest to the sentence (for `supported`, the cited page that says it; for `other-page`, the page that does). */
  evidence: Passage | null;
  /** Another paper of the library that says what the sentence says, when the cited one does not. */
  suggested: (Passage & { key: string | null }) | null;
  /** The locator as written and the physical pages it names; null when the citation gives none, or none this paper has. */
  locator: { text: string; pages: number[] } | null;
  /** One line when the locator was written but names no page of the paper (`p.`, `pp. 9-3`, a page beyond the paper). */
  locatorProblem: string | null;
  cause: CheckCause;
  /** One line: why this verdict (the page that says it, or the numbers or names the paper lacks or states otherwise). */
  reason: string;
  /** A library paper that states the sentence crediting another work (./attribution.ts); absent when none does. */
  attribution?: Attribution;
}

/** Where a library paper states a cited sentence's claim and the works it credits it to. */
export interface Attribution {
  /** The library paper, the physical page and the sentence (its citations left out) that state it. */
  path: string;
  page: number;
  sentence: string;
  /** The works it cites there: their names, and their library paper and key when the library has them. */
  works: Array<{ name: string; path: string | null; key: string | null }>;
  /** One line: "Hothorn et al. (2006) say this citing Zeileis (2004) [their p. 3]; cite Zeileis (2004)?" */
  text: string;
}
