/**
 * Questions whose answer lies in more than one document ("Which two papers analyse the alzheimer
 * data?", "… in both the ctree vignette and the mob paper", "Which reports the bigger speed-up:
 * the Rcpp sugar benchmark or the RcppArmadillo Kalman filter benchmark?"). The graph quotes the
 * best passage of each document for them (../../graph/severalDocuments.ts), and "not in your
 * documents" reads their coverage over a passage of each (./absence.ts).
 */

const DOCUMENT = '(?:papers?|articles?|vignettes?|documents?|manuals?|books?|studies|reports?|guides?)';

/**
 * Words a question calls a paper of the library by ("the ctree vignette", "Meyer's e1071 article",
 * "which two papers"): they say which document, not what it says, and its passages rarely hold
 * them ("not in your documents" leaves them out of the coverage, ./absence.ts).
 */
export const PAPER_NOUNS: ReadonlySet<string> = new Set(['paper', 'papers', 'article', 'articles', 'vignette', 'vignettes']);
/** "two papers", "both sandwich papers", "the three vignettes", "which papers", "different articles". */
const COUNTED = new RegExp(`\\b(?:two|three|four|both|several|different|which|what)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}${DOCUMENT}\\b`, 'iu');
/** "in both the ctree vignette and the mob paper", "the e1071 SVM article and the kernlab paper". */
const BOTH = /\bboth\b/i;
const PAIRED = new RegExp(`\\b${DOCUMENT}\\s+and\\s+(?:the|in|of)\\b`, 'i');
/** "Which reports the bigger speed-up: A or B?": a comparison of two things named apart. */
const COMPARED = /\b(?:which|who)\b[^?]*\b(?:bigger|larger|smaller|faster|slower|more|fewer|less|higher|lower|better|worse|longer|shorter)\b[^?]*\bor\b/i;
/** A singular document noun right after "which": "Which paper …" asks for one. */
const ONE = new RegExp(`\\b(?:which|what)\\s+(?:[\\p{L}\\p{N}-]+\\s+){0,2}(?:paper|article|vignette|document|manual|book|study|report|guide)\\b(?!s)`, 'iu');

/** Whether the question asks about (or compares) more than one document; `named`: the papers it names. */
export function asksAcrossDocuments(question: string, named: readonly { path: string }[] = []): boolean {
  if (new Set(named.map((p) => p.path)).size >= 2) return true;
  if (COUNTED.test(question) && !(ONE.test(question) && !/\b(?:two|three|four|both|several|different)\b/i.test(question))) return true;
  return BOTH.test(question) || PAIRED.test(question) || COMPARED.test(question);
}
