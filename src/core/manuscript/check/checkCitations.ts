/**
 * Checks a draft's citations against the library without a model. For each cited sentence and
 * each of its keys: the cited paper's passages closest to the sentence (a search restricted to
 * that document) and the library's (a search over every document but the drafts), judged by
 * ./judgeCitation.ts. A key that resolves to no indexed document is `not-in-library`.
 */
import { kindOf } from '../../formats';
import type { SearchHit } from '../../index';
import type { CitedSentence } from '../parsedDraft';
import { judgedTogether, judgeKey, THRESHOLDS, verdictOf, type KeyJudgement } from './judgeCitation';
import { claimOf, type Claim } from './passageSupport';
import type { CheckOptions, CitationCheck } from './citationCheck';

/** Passages read from the cited paper, and from the whole library. */
export const CITED_PASSAGES = 10;
export const LIBRARY_PASSAGES = 20;

/** Sentences checked at once: the searches of one wait on the index while another's are judged. */
const CONCURRENT_SENTENCES = 4;

export async function checkCitations(sentences: readonly CitedSentence[], options: CheckOptions): Promise<CitationCheck[]> {
  const results: CitationCheck[][] = new Array(sentences.length);
  let next = 0;
  const worker = async () => {
    while (next < sentences.length) {
      const i = next++;
      results[i] = await checkSentence(sentences[i]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENTENCES, sentences.length) }, worker));
  return results.flat();
}

async function checkSentence(sentence: CitedSentence, options: CheckOptions): Promise<CitationCheck[]> {
  const limits = { ...THRESHOLDS, ...options.thresholds };
  const keyForPath = (path: string) => options.library.keyForPath?.(path) ?? null;
  const claim = claimOf(sentence.text);
  const keys = [...new Map(sentence.citations.flatMap((c) => c.keys).map((k) => [k.key, k])).values()];
  const targets = keys.map((cited) => ({ cited, target: options.library.resolveKey(cited.key) }));
  // One search of the whole library serves every key of the sentence.
  const library = targets.some((t) => t.target)
    ? await options.retriever.search(sentence.text, { mode: options.mode, signal: options.signal, k: LIBRARY_PASSAGES })
    : [];
  const judged = await Promise.all(
    targets.map(async ({ cited, target }) => ({ cited, judgement: target ? await judgementFor(claim, target.path, library, options) : null })),
  );
  const resolved = judged.flatMap((j) => (j.judgement ? [j.judgement] : []));
  return judged.map(({ cited, judgement }) => {
    const where = {
      line: cited.range.start.line,
      column: cited.range.start.column,
      sentenceLine: sentence.range.start.line,
      keyRange: cited.range,
      sentenceRange: sentence.range,
      key: cited.key,
      sentence: sentence.text,
    };
    if (!judgement)
      return {
        ...where,
        verdict: 'not-in-library',
        evidence: null,
        suggested: null,
        reason: `${cited.key} names no paper of the library (no bib entry, or its PDF is not indexed)`,
      };
    const together = judgedTogether(
      claim,
      judgement,
      resolved.filter((j) => j !== judgement),
      limits,
    );
    return { ...where, ...verdictOf(together, limits, keyForPath) };
  });
}

/** The cited paper's passages for the sentence and the other papers' (`library`, drafts left out), judged. */
async function judgementFor(claim: Claim, path: string, library: readonly SearchHit[], options: CheckOptions): Promise<KeyJudgement> {
  const excluded = new Set(options.exclude);
  const suggestable = options.suggestable ?? ((p: string) => kindOf(p) === 'pdf');
  const cited = await options.retriever.search(claim.text, { mode: options.mode, signal: options.signal, paths: [path], k: CITED_PASSAGES });
  const others = library.filter((hit) => hit.path !== path && !excluded.has(hit.path) && suggestable(hit.path));
  return judgeKey(
    claim,
    cited.filter((hit) => !excluded.has(hit.path)),
    others,
  );
}
