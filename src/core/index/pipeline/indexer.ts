/**
 * Indexes a folder into the LanceDB store, incrementally: discover → compare with the stored
 * bookkeeping → (hash, extract) changed files → chunk → embed → write → delete removed →
 * optimize. Progress is yielded as it goes; the summary is the generator's return value.
 *
 * Extraction of the next files runs ahead (on the extraction worker pool, extract/pool.ts) while
 * the current file is embedded and written. One bad file becomes a FileFailure and the run goes
 * on. Cancellation stops between documents: what was written stays, and the next run skips it.
 */
import { join, resolve } from 'node:path';
import type { Logger } from '../../ports';
import { silentLogger } from '../../ports';
import type { ChunkOptions } from './chunk';
import { DEFAULT_INDEX_DIR_NAME, discoverFiles, outsideLinksNotice } from './discover';
import { sameEmbedderId } from '../embed/ollama';
import type { Embedder } from '../embed/embedder';
import { isAbortError } from '../../llm/errors';
import { createExtractor, DEFAULT_WORKERS, type Extractor } from './extract';
import { RunWriter } from './runWriter';
import { writeCandidates } from './writeCandidates';
import { finishRun } from './finishRun';
import { ocrCacheDirOf } from './ocr/cache';
import { OcrRun } from './ocr/ocrRun';
import type { OcrSettings } from './ocr/settings';
import { planRun, type IndexPlan } from './indexPlan';
import { hasTextlessPages } from './extract/pdf';
import { RunRecord } from './runRecord';
import { fileLimitsOf, formatCount, type FileLimits } from './fileLimits';
import { LatestMessage } from './latestMessage';
import { openIndexStore } from '../store/openIndexStore';
import { readIndexMeta, removeIndexDir } from '../store/indexFiles';
import { describeEmbedder, embedderChange, reembedInto, refusedOnObjectStore } from './embedderSwitch';
import { IndexStoreError, IndexSwitchFailedError, isIndexDamage } from '../store/errors';
import { assertReplaceable, previousDirOf, rebuildDirOf, recoverInterruptedSwap, swapInRebuilt } from '../store/rebuildSwap';
import { acquireWriterLock, lockPathOf } from '../store/writerLock';
import { isObjectStoreUri, parseObjectLocation } from '../store/objectStore/location';
import { acquireSharedWriterLock, localShadowOf } from '../store/objectStore/sharedWriter';
import type { IndexStore } from '../store/indexStore';
import { currentOrigin, describeOrigin, sameOrigin } from '../store/origin';
import type { DocumentSource, FileFailure, IndexProgress, IndexSummary } from '../types';

export interface IndexFolderOptions {
  /** The folder to index. */
  root: string;
  /** Index folder; default `<root>/.research-index`. */
  dbDir?: string;
  include?: string[];
  exclude?: string[];
  /** Folders outside `root` that symbolic links may lead into (discover.ts); links elsewhere are listed, not followed. */
  followLinksInto?: string[];
  /** A ready embedder (see embed/select.ts), or null/absent for full-text only. */
  embedder?: Embedder | null;
  chunking?: Partial<ChunkOptions>;
  /** Delete the index folder first and index everything again. */
  rebuild?: boolean;
  signal?: AbortSignal;
  logger?: Logger;
  /** Extraction backend; default the extraction worker pool (`workers` threads). */
  extractor?: Extractor;
  /**
   * Limits per file for the default extractor: sizes (default 200 MB per PDF, 50 MB per text
   * file) and what reading may cost (fileLimits.ts).
   */
  limits?: { maxPdfBytes?: number; maxTextBytes?: number } & Partial<FileLimits>;
  workers?: number;
  /** Flush buffered document writes at this many chunks (fewer, larger commits). */
  writeBatchChunks?: number;
  /** OCR of PDF pages without a usable text layer; default `auto` with English (ocr/settings.ts). */
  ocr?: Partial<OcrSettings>;
  /** Where the documents come from instead of walking `root` (a Zotero library, src/core/library). */
  source?: DocumentSource;
}

const DEFAULT_WRITE_BATCH_CHUNKS = 2000;

export async function* indexFolder(options: IndexFolderOptions): AsyncGenerator<IndexProgress, IndexSummary> {
  const started = performance.now();
  const root = resolve(options.root);
  const shared = options.dbDir !== undefined && isObjectStoreUri(options.dbDir);
  const dbDir = shared ? parseObjectLocation(options.dbDir!).uri : resolve(options.dbDir ?? join(root, DEFAULT_INDEX_DIR_NAME));
  const logger = options.logger ?? silentLogger;
  const signal = options.signal;
  const embedder = options.embedder ?? null;
  const notices: string[] = [];
  const failed: FileFailure[] = [];
  const summary = (extra: Partial<IndexSummary>): IndexSummary => {
    const seconds = (performance.now() - started) / 1000;
    const base: IndexSummary = {
      files: 0,
      indexed: 0,
      skipped: 0,
      removed: 0,
      failed,
      pages: 0,
      chunks: 0,
      seconds,
      pagesPerSecond: 0,
      cancelled: false,
      embedder: embedder?.id ?? 'none',
      notices,
      warned: [],
      ...extra,
    };
    base.pagesPerSecond = seconds > 0 ? base.pages / seconds : 0;
    return base;
  };

  if (shared && options.rebuild) {
    throw new IndexStoreError(
      `--rebuild is not available for an index on object storage (${dbDir}): index into a new prefix and point the readers at it`,
      'index-write',
      dbDir,
    );
  }
  // One writer at a time (writerLock.ts, objectStore/objectLock.ts); taken before --rebuild touches anything.
  const lock = shared ? await acquireSharedWriterLock(dbDir, logger, notices) : await acquireWriterLock(dbDir);
  try {
    if (!shared) await recoverInterruptedSwap(dbDir);
    // A rebuild writes beside the old index (rebuildSwap.ts), which keeps answering until the swap.
    let target = options.rebuild ? rebuildDirOf(dbDir) : dbDir;
    /** Set while this run builds beside the index (a rebuild, a change of embedder): what it does, and what still answers. */
    let beside: { what: string; previous: string | null } | null = null;
    if (options.rebuild) {
      await assertReplaceable(dbDir);
      notices.push(`rebuilding the index at ${dbDir}`);
      const old = await readIndexMeta(dbDir).catch(() => null);
      beside = { what: 'rebuilding the index', previous: old ? describeEmbedder(old.embeddingModel) : null };
    }
    // The OCR cache is keyed by content, beside the index (not in it): a rebuild reuses it.
    const limits = fileLimitsOf(options.limits);
    // Progress lines from inside a long file (OCR pages, PDF pages), shown while the run waits for it.
    const messages = new LatestMessage();
    // What the threads print (pdf.js, Tesseract's raw diagnostics) is the log's, not the user's terminal.
    const threadOutput = (line: string) => logger.debug(`thread: ${line}`);
    const ocr = OcrRun.start(options.ocr, shared ? localShadowOf(dbDir) : dbDir, options.workers || DEFAULT_WORKERS, notices, messages, {
      onOutput: threadOutput,
      memoryMb: limits.workerMemoryMb,
    });
    let store = await openTarget(target, Boolean(options.rebuild), notices).catch(async (error: unknown) => {
      await ocr?.close();
      throw error;
    });
    const extractor =
      options.extractor ??
      createExtractor({
        workers: options.workers,
        ...options.limits,
        ...limits,
        leaveTextlessToOcr: Boolean(ocr),
        readPaper: true,
        readLines: true,
        maxImagePixels: ocr?.settings.maxImagePixels,
        onProgress: ({ path, pages, total }) =>
          messages.say({ phase: 'extract', message: `reading ${path}: page ${formatCount(pages)} of ${formatCount(total)}` }),
        onOutput: threadOutput,
      });
    const ownsExtractor = !options.extractor;
    let result: IndexSummary;
    let candidates = 0;
    let failedBeside = false;
    try {
      // An index made before checksums existed keeps working as it is; this run records them.
      const existing = (await store.countChunks()) > 0;
      const firstChecksums = !shared && !store.meta().checksums && existing;
      // An index made elsewhere (or not saying where) has every document hashed once before sizes
      // and times are trusted (store/origin.ts); a switch copies documents, so the old index decides.
      const here = currentOrigin(root);
      const trusted = sameOrigin(store.meta().origin, here);
      if (!trusted && existing)
        notices.push(`checking every document's content against the index before trusting sizes and times, once: ${describeOrigin(store.meta().origin, here)}`);
      const change = await embedderChange(store, embedder, signal);
      let copyCancelled = false;
      if (change.changed && change.hasDocuments && !options.rebuild) {
        // Another embedder: the new vectors are made beside the index, which answers until they are complete.
        const from = store.meta().embeddingModel;
        if (shared) throw refusedOnObjectStore(dbDir, from, change.id);
        beside = { what: `switching the index from ${describeEmbedder(from)} to ${describeEmbedder(change.id)}`, previous: describeEmbedder(from) };
        const previous = store;
        target = rebuildDirOf(dbDir);
        try {
          store = await openTarget(target, true, notices);
          await store.configureEmbedding(change.id, change.dimension, embedder?.modelDir ?? null);
          const documents = (await previous.documents()).length;
          notices.push(
            `embedding model changed from ${describeEmbedder(from)} to ${describeEmbedder(change.id)}: the new index is built beside the current one, which answers until it is complete; the ${documents} indexed document(s) keep their passages (nothing is read again) and get new vectors`,
          );
          logger.info(`index: switching embedder from ${from ?? 'none'} to ${change.id ?? 'none'} in ${target}`);
          yield* reembedInto(previous, store, embedder, signal);
        } catch (error) {
          if (!signal?.aborted && !isAbortError(error)) throw error;
          copyCancelled = true;
        } finally {
          previous.close();
        }
      } else {
        await configureEmbedding(store, embedder, notices, logger, signal);
      }

      yield { phase: 'discover', done: 0, total: 0, message: `scanning ${root}` };
      const discovered = options.source
        ? { ...(await options.source.discover(signal)), outsideLinks: [] }
        : {
            ...(await discoverFiles(root, {
              include: options.include,
              exclude: options.exclude,
              skipDirs: indexOwnDirs(dbDir),
              skipFiles: [lockPathOf(dbDir)],
              followLinksInto: options.followLinksInto,
              signal,
            })),
            notices: [],
          };
      failed.push(...discovered.failures);
      notices.push(...discovered.notices);
      if (discovered.outsideLinks.length > 0) notices.push(outsideLinksNotice(discovered.outsideLinks, root));
      const plan = planRun(discovered.files, await store.documents(), discovered.failures, trusted);
      // Files that cost a thread or the time limit last run wait until they change; documents a
      // limit cut short are read again when it is higher now (runRecord.ts).
      const record = await RunRecord.open(options.rebuild ? null : dbDir, { ...limits, ocrMaxPixels: ocr?.settings.maxImagePixels }, !shared);
      record.applyTo(plan, failed, notices);
      // OCR newly on (an index from before OCR, or last run with --ocr off): the PDFs whose pages had
      // no text are read again, once; everything else, and their embeddings, stays as it is.
      if (ocr && store.meta().ocr !== true) {
        const rereads = rereadForOcr(plan);
        if (rereads > 0) notices.push(`OCR is on: reading again ${rereads} PDF(s) indexed without it that have pages with no text layer`);
      }
      const files = discovered.files.length + discovered.failures.length;
      logger.info(`index: ${files} files, ${plan.unchanged.length} unchanged, ${plan.candidates.length} to check, ${plan.removed.length} removed`);

      const run = new RunWriter(store, embedder, options.writeBatchChunks ?? DEFAULT_WRITE_BATCH_CHUNKS);
      const total = (candidates = plan.candidates.length);
      const { touched, cancelled } = copyCancelled
        ? { touched: 0, cancelled: true }
        : yield* writeCandidates(plan, run, failed, { extractor, ocr, messages, record, signal, chunking: options.chunking });
      const skipped = plan.unchanged.length + touched;

      const finished = yield* finishRun(store, plan, run, {
        cancelled,
        embedder,
        existing,
        root,
        extractor,
        ocrCacheDir: ocrCacheDirOf(shared ? localShadowOf(dbDir) : dbDir),
        logger,
        signal,
        beside: beside?.what ?? null,
        origin: here,
        followLinksInto: options.followLinksInto,
        ocr,
        target,
        failed,
        files: discovered.files,
        notices,
        total,
        record,
      });
      if (firstChecksums)
        notices.push(
          'checksums of the index files recorded: from now on damage to them is found when the index is opened (`status --verify` checks every byte)',
        );
      result = summary({
        files,
        indexed: run.indexed,
        skipped,
        removed: plan.removed.length,
        pages: run.pages,
        chunks: run.chunks,
        cancelled: cancelled || finished.cutShort,
        warned: run.warned,
        ...(ocr ? { ocr: { ...ocr.summary, recognized: ocr.pagesRecognized } } : {}),
      });
    } catch (error) {
      // A build beside the index that fails is deleted (the next run starts it afresh); the index
      // itself was not touched, and the error says so. A cancel keeps it, to carry on with.
      failedBeside = beside !== null && !signal?.aborted && !isAbortError(error);
      if (failedBeside && beside?.previous != null && !isIndexDamage(error) && error instanceof Error) {
        throw new IndexSwitchFailedError(dbDir, beside.what, beside.previous, error);
      }
      throw error;
    } finally {
      if (ownsExtractor) await extractor.close();
      await ocr?.close();
      store.close();
      if (failedBeside) await removeIndexDir(target).catch(() => undefined);
    }
    if (beside && !result.cancelled) await swapInRebuilt(dbDir);
    yield { phase: 'done', done: candidates, total: candidates, message: result.cancelled ? 'cancelled' : 'done' };
    return result;
  } finally {
    await lock.release();
  }
}

/**
 * Opens the index a run writes to. A rebuild's folder left by an earlier rebuild that was cut
 * short is carried on with; one that cannot be opened (killed mid-write) is started afresh.
 */
async function openTarget(target: string, rebuild: boolean, notices: string[]): Promise<IndexStore> {
  if (!rebuild) return openIndexStore(target, { create: true });
  try {
    const store = await openIndexStore(target, { create: true });
    if ((await store.documents()).length > 0) notices.push('carrying on with the rebuild started earlier');
    return store;
  } catch (error) {
    if (!(error instanceof IndexStoreError) || error.code === 'index-locked') throw error;
    await removeIndexDir(target);
    return openIndexStore(target, { create: true });
  }
}

/** Records the embedder in the index; a different model than before drops the old vectors (with a notice). */
async function configureEmbedding(store: IndexStore, embedder: Embedder | null, notices: string[], logger: Logger, signal?: AbortSignal): Promise<void> {
  const dimension = embedder ? (embedder.dimension ?? (await embedder.probe(signal))) : null;
  const before = store.meta().embeddingModel;
  const hadDocuments = (await store.countChunks()) > 0 || (await store.documents()).length > 0;
  // The same model under another spelling (`name` vs `name:latest`) keeps the recorded id, so
  // valid vectors are never thrown away for a tag.
  const id = embedder ? (sameEmbedderId(before, embedder.id) ? before : embedder.id) : null;
  const { changed } = await store.configureEmbedding(id, dimension, embedder?.modelDir ?? null);
  if (changed && hadDocuments) {
    const message = `embedding model changed from ${before ?? 'none (full-text only)'} to ${embedder?.id ?? 'none (full-text only)'}: re-indexing every document`;
    notices.push(message);
    logger.warn(message);
  }
}

/** The folders an index keeps beside itself (rebuild, swap, OCR cache): never documents to index. */
export function indexOwnDirs(dbDir: string): string[] {
  return [dbDir, rebuildDirOf(dbDir), previousDirOf(dbDir), ocrCacheDirOf(dbDir)];
}

/** Moves unchanged PDFs with textless pages to the candidates, to be extracted (and OCR'd) again. */
function rereadForOcr(plan: IndexPlan): number {
  const stored = new Map(plan.storedByPath);
  const keep = plan.unchanged.filter((file) => {
    const record = stored.get(file.path);
    if (file.kind !== 'pdf' || !record || !hasTextlessPages(record.warnings)) return true;
    plan.candidates.push({ file, stored: record, reread: true });
    return false;
  });
  const moved = plan.unchanged.length - keep.length;
  plan.unchanged = keep;
  return moved;
}
