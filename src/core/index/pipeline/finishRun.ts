/** The end of an index run (indexer.ts): removals, optimize, the paper and sentence passes, the run's record. */
import { resolve } from 'node:path';
import type { Logger } from '../../ports';
import type { Embedder } from '../embed/embedder';
import type { Extractor } from './extract';
import { RunWriter } from './runWriter';
import type { OcrRun } from './ocr/ocrRun';
import type { IndexPlan } from './indexPlan';
import type { RunRecord } from './runRecord';
import { fillSentenceVectors } from './sentenceVectorPass';
import { fillPaperFields } from './paperFieldPass';
import { PDF_RECORD_VERSION } from '../../papers/pdf';
import { REFERENCES_VERSION } from '../../papers/references/read';
import { fillReferences } from './referencePass';
import type { IndexOrigin, IndexStore } from '../store/indexStore';
import type { DiscoveredFile, FileFailure, IndexProgress } from '../types';

/**
 * Ends a run: deletes what is gone, then makes the writes searchable, embeds the sentences of new
 * passages (sentenceVectorPass.ts), and records the run and its failures for `status`; a cancelled
 * run is made searchable as far as it got, and says how to finish. `cutShort`: cancelled during
 * the sentences, after the documents were complete.
 */
export async function* finishRun(
  store: IndexStore,
  plan: IndexPlan,
  run: RunWriter,
  {
    cancelled,
    embedder,
    existing,
    root,
    extractor,
    ocrCacheDir,
    logger,
    signal,
    beside,
    origin,
    followLinksInto,
    ocr,
    target,
    failed,
    files,
    notices,
    total,
    record,
  }: {
    cancelled: boolean;
    embedder: Embedder | null;
    existing: boolean;
    root: string;
    extractor: Extractor;
    ocrCacheDir: string;
    logger: Logger;
    signal: AbortSignal | undefined;
    /** What this run builds beside the index ('rebuilding the index', 'switching …'), or null. */
    beside: string | null;
    /** Recorded when the run completes: every document was checked against the index here. */
    origin: IndexOrigin;
    followLinksInto: string[] | undefined;
    ocr: OcrRun | undefined;
    target: string;
    failed: FileFailure[];
    files: DiscoveredFile[];
    notices: string[];
    total: number;
    record: RunRecord;
  },
): AsyncGenerator<IndexProgress, { cutShort: boolean }> {
  const removed = [...plan.removed, ...run.stale];
  if (removed.length > 0) await store.deleteDocuments(removed);
  const changed = run.indexed > 0 || removed.length > 0 || run.touched > 0;
  if (cancelled) {
    notices.push(
      beside
        ? `${beside} was cancelled: the previous index is unchanged and still answers; run the same command again to finish`
        : 'indexing was cancelled: what was indexed is kept; run the same command again to finish',
    );
    // Make what is there searchable even if this was the first run.
    if (!(await store.isSearchReady())) await store.optimize({ indicesOnly: true });
    await store.recordChecksums();
    return { cutShort: false };
  }
  if (changed || !(await store.isSearchReady())) {
    yield { phase: 'optimize', done: total, total, message: 'optimizing the index' };
    await store.optimize();
  } else if (!(await store.hasFilterIndices())) {
    // An index made before the path index existed gets it at its next run, changed or not: a
    // few seconds once, instead of every filtered query reading every row's path.
    await store.optimize({ indicesOnly: true });
    await store.recordChecksums();
  }
  const papers = yield* fillPaperFields(store, {
    root,
    extractor,
    fromRun: run.paperEvidence,
    ocrCacheDir,
    changed,
    existing,
    signal,
    notices,
    logger,
    absPaths: new Map(files.map((f) => [f.path, f.absPath])),
  });
  const references = signal?.aborted
    ? { complete: false }
    : yield* fillReferences(store, { root, extractor, fromRun: run.references, ocrCacheDir, changed, existing, signal, notices, logger });
  const sentences = embedder && !signal?.aborted ? yield* fillSentenceVectors(store, embedder, { changed, existing, signal, notices }) : null;
  await store.markIndexed(undefined, {
    ocr: Boolean(ocr),
    sentenceVectors: sentences?.complete ? store.meta().embeddingModel : null,
    paperFields: papers.complete ? PDF_RECORD_VERSION : null,
    paperReferences: references.complete ? REFERENCES_VERSION : null,
    origin,
    followLinksInto: (followLinksInto ?? []).map((dir) => resolve(root, dir)),
  });
  // What still fails, for `status` to name (failureRecord.ts); a cancelled run tried only some
  // files. A shared index has no local folder to keep it in: the run's summary names them.
  await record.write(target, failed, files);
  return { cutShort: ((sentences !== null && !sentences.complete) || !papers.complete || !references.complete) && Boolean(signal?.aborted) };
}
