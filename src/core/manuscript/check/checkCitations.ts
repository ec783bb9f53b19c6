/**
 * Checks a draft's citations against the library without a model. For each cited sentence and
 * each of its keys: the cited paper's pages (./paperPages.ts: the whole paper when it can be read,
 * the locator's pages first), and the library's passages (one search over every document but the
 * drafts, shared by the sentence's keys), judged by ./judgeCitation.ts and ./verdict.ts. A key that
 * resolves to no indexed document is `not-in-library`; a locator that names no page of the paper
 * is said in one line (`locatorProblem`) and the key judged as if it had none.
 */
import { kindOf } from '../../formats';
import type { Retriever, SearchHit } from '../../index';
import type { CitedKey, CitedSentence } from '../parsedDraft';
import { withAttributions, type CitationsCache } from './attribution';
import { judgedTogether, judgeKey, type KeyJudgement } from './judgeCitation';
import { parseLocator, resolveLocator, type PageNumbering } from './locator';
import { byPage, paperReader, type PaperReader } from './paperPages';
import { claimOf, type Claim } from './passageSupport';
import { THRESHOLDS, verdictOf, type VerdictNames } from './verdict';
import type { CheckOptions, CitationCheck } from './citationCheck';

/** Passages read from the whole library, once per sentence. */
export const LIBRARY_PASSAGES = 20;

/** Sentences checked at once: the searches of one wait on the index while another's are judged. */
const CONCURRENT_SENTENCES = 4;

export async function checkCitations(sentences: readonly CitedSentence[], options: CheckOptions): Promise<CitationCheck[]> {
  const documents = documentsOf(options.retriever);
  const run: Run = {
    options,
    reader: paperReader(options.retriever, {
      mode: options.mode,
      signal: options.signal,
      stampOf: async (path) => (await documents()).get(path)?.stamp ?? null,
    }),
    documents,
    citations: new Map(),
  };
  const results: CitationCheck[][] = new Array(sentences.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < sentences.length) {
      const i = next++;
      results[i] = await checkSentence(sentences[i]!, run);
      options.onProgress?.(++done, sentences.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENTENCES, sentences.length) }, worker));
  return results.flat();
}

interface Run {
  options: CheckOptions;
  reader: PaperReader;
  /** Each indexed document's number of pages and stamp, read once per check. */
  documents: () => Promise<ReadonlyMap<string, { pages: number | null; stamp: string | null }>>;
  /** Each library paper's citations, read once per check (./attribution.ts). */
  citations: CitationsCache;
}

/**
 * Each indexed document's number of pages and its stamp (path, content hash, passage count; null
 * when the index gives no hash), read once per check.
 */
function documentsOf(retriever: Retriever): () => Promise<ReadonlyMap<string, { pages: number | null; stamp: string | null }>> {
  let documents: Promise<Map<string, { pages: number | null; stamp: string | null }>> | undefined;
  return () =>
    (documents ??= retriever
      .listDocuments()
      .then(
        (list) =>
          new Map(
            list.map((d) => [d.path, { pages: d.pages, stamp: d.contentHash === undefined ? null : `${d.path}\u0000${d.contentHash}\u0000${d.chunks}` }]),
          ),
      ));
}

/** One check per key and locator of the sentence: a key cited twice with one locator is judged once. */
function citedKeys(sentence: CitedSentence): CitedKey[] {
  return [
    ...new Map(
      sentence.citations
        .flatMap((c) => c.keys)
        .map((k) => [`${k.key}\u0000${k.locator.trim()}`, k] as const)
        .reverse(),
    ).values(),
  ].reverse();
}

async function checkSentence(sentence: CitedSentence, run: Run): Promise<CitationCheck[]> {
  const { options } = run;
  const limits = { ...THRESHOLDS, ...options.thresholds };
  const names: VerdictNames = {
    keyForPath: (path) => options.library.keyForPath?.(path) ?? null,
    pageLabel: (path, page) => options.library.pageLabel?.(path, page) ?? String(page),
  };
  const claim = claimOf(sentence.text, sentence.context);
  const targets = citedKeys(sentence).map((cited) => ({ cited, target: options.library.resolveKey(cited.key) }));
  // One search of the whole library serves every key of the sentence.
  const library = targets.some((t) => t.target)
    ? await options.retriever.search(sentence.text, { mode: options.mode, signal: options.signal, k: LIBRARY_PASSAGES })
    : [];
  const judged = await Promise.all(
    targets.map(async ({ cited, target }) => ({ cited, judged: target ? await judgementFor(claim, target.path, cited, library, run, names) : null })),
  );
  const resolved = judged.flatMap((j) => (j.judged ? [j.judged.judgement] : []));
  const checks = judged.map(({ cited, judged: result }): CitationCheck => {
    const where = {
      line: cited.range.start.line,
      column: cited.range.start.column,
      sentenceLine: sentence.range.start.line,
      keyRange: cited.range,
      sentenceRange: sentence.range,
      key: cited.key,
      sentence: sentence.text,
    };
    if (!result)
      return {
        ...where,
        verdict: 'not-in-library',
        evidence: null,
        suggested: null,
        locator: null,
        locatorProblem: null,
        cause: 'no-paper',
        reason: `${cited.key} names no paper of the library (no bib entry, or its PDF is not indexed)`,
      };
    const together = judgedTogether(
      claim,
      result.judgement,
      resolved.filter((j) => j !== result.judgement),
      limits.supported,
    );
    return { ...where, ...verdictOf(together, limits, names, result.whole), locator: result.locator, locatorProblem: result.locatorProblem };
  });
  const excluded = new Set(options.exclude);
  return withAttributions(checks, {
    claim,
    paths: targets.map((t) => t.target?.path ?? null),
    keys: targets.map((t) => ({ key: t.cited.key, path: t.target?.path ?? null })),
    found: [...new Set(library.map((hit) => hit.path))].filter(
      (path) => !excluded.has(path) && (options.suggestable ?? ((p: string) => kindOf(p) === 'pdf'))(path),
    ),
    retriever: options.retriever,
    library: options.library,
    cache: run.citations,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The cited paper's pages for the sentence and the other papers' (`library`, drafts left out), judged. */
async function judgementFor(claim: Claim, path: string, cited: CitedKey, library: readonly SearchHit[], run: Run, names: VerdictNames) {
  const { options } = run;
  const excluded = new Set(options.exclude);
  const suggestable = options.suggestable ?? ((p: string) => kindOf(p) === 'pdf');
  const numbering: PageNumbering = { count: (await run.documents()).get(path)?.pages ?? null, label: (page) => names.pageLabel(path, page) };
  const resolved = resolveLocator(parseLocator(cited.locator), numbering);
  const wanted = resolved && 'pages' in resolved ? resolved.pages : null;
  const read = await run.reader.read(path, claim, wanted);
  const locatorPages = wanted && read.locatorRead ? wanted : null;
  const others = byPage(
    library.filter((hit) => hit.path !== path && !excluded.has(hit.path) && suggestable(hit.path)),
    claim,
  );
  const judgement: KeyJudgement = judgeKey(
    claim,
    read.pages.filter((page) => !excluded.has(page.path)),
    others,
    locatorPages,
  );
  return {
    judgement,
    whole: read.whole,
    locator: locatorPages ? { text: cited.locator.trim(), pages: [...locatorPages] } : null,
    locatorProblem: resolved && 'problem' in resolved ? `${cited.key}: ${resolved.problem}; judged on the whole paper` : null,
  };
}
