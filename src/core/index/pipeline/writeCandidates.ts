/** The middle of an index run (indexer.ts): the planned files extracted ahead and written in order. */
import type { ChunkOptions } from './chunk';
import { isAbortError } from '../../llm/errors';
import type { Extractor } from './extract';
import { prepare, RecentExtractions, type Prepared } from './prepare';
import { RunWriter } from './runWriter';
import type { OcrRun } from './ocr/ocrRun';
import type { IndexPlan } from './indexPlan';
import type { RunRecord } from './runRecord';
import type { LatestMessage } from './latestMessage';
import type { FileFailure, IndexProgress } from '../types';

/**
 * Files being hashed/extracted ahead of the one being embedded and written. With 4, the workers
 * ran dry while a long file at the head of the queue was still being read (or a batch was being
 * written); only extracted text waits here, so a deeper queue costs little memory.
 */
const LOOKAHEAD = 8;

/**
 * Hashes and extracts the candidates LOOKAHEAD files ahead (OCR included) and writes each in
 * order: an unchanged file is touched, a failed one recorded (its old text dropped), the rest
 * chunked, embedded and buffered. Progress is yielded as it goes; a cancel ends it normally.
 */
export async function* writeCandidates(
  plan: IndexPlan,
  run: RunWriter,
  failed: FileFailure[],
  {
    extractor,
    ocr,
    messages,
    record,
    signal,
    chunking,
  }: {
    extractor: Extractor;
    ocr: OcrRun | undefined;
    messages: LatestMessage;
    record: RunRecord;
    signal: AbortSignal | undefined;
    chunking: Partial<ChunkOptions> | undefined;
  },
): AsyncGenerator<IndexProgress, { touched: number; cancelled: boolean }> {
  let touched = 0;
  let cancelled = false;
  const total = plan.candidates.length;
  const ahead: Array<Promise<Prepared>> = [];
  const recent = new RecentExtractions();
  let next = 0;
  const fill = () => {
    while (ahead.length < LOOKAHEAD && next < total && !signal?.aborted) {
      const { file, stored, reread } = plan.candidates[next++]!;
      ahead.push(prepare(file, reread ? null : stored, extractor, ocr, signal, recent));
      // Nobody awaits a queued promise until its turn; keep an early rejection from being "unhandled".
      ahead[ahead.length - 1]!.catch(() => undefined);
    }
  };

  try {
    fill();
    for (let done = 0; ahead.length > 0; done++) {
      const head = ahead.shift()!;
      let prepared: Prepared | undefined;
      // While a long PDF is read or a document OCR'd (seconds a page), say which page, then carry on.
      while (!prepared) {
        const next = await Promise.race([head, messages.next()]);
        if ('phase' in next) yield { ...next, done, total };
        else prepared = next;
      }
      fill();
      const path = prepared.file.path;
      if (prepared.kind === 'touched') {
        touched++;
        run.touch({ ...prepared.stored, size: prepared.file.size, mtimeMs: prepared.file.mtimeMs });
      } else if (prepared.kind === 'failed') {
        failed.push(prepared.failure);
        // The old text no longer describes the file: drop it rather than serve stale answers.
        if (prepared.stored) run.removeStale(path);
      } else {
        yield { phase: 'embed', done, total, file: path };
        const outcome = await run.add(prepared, chunking, signal);
        if (outcome.failure) {
          failed.push(outcome.failure);
          if (prepared.stored) run.removeStale(path);
        } else {
          record.written(prepared.doc);
        }
      }
      if (run.shouldFlush()) {
        yield { phase: 'write', done: done + 1, total, file: path };
        await run.flush();
      }
      const upcoming = plan.candidates[done + 1]?.file.path;
      if (upcoming) yield { phase: 'extract', done: done + 1, total, file: upcoming };
      signal?.throwIfAborted();
    }
  } catch (error) {
    // Only an abort is a normal way out; anything else (index write failed, embedder down) propagates.
    if (!signal?.aborted && !isAbortError(error)) throw error;
    cancelled = true;
  } finally {
    // Whatever finished is written even when the run stops: the next run skips it.
    await Promise.allSettled(ahead);
    await run.flush();
  }
  return { touched, cancelled };
}
