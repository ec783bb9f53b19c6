/**
 * One run's use of the record beside the index (failureRecord.ts): at the start, files that cost
 * a thread or the time limit last run are skipped until they change, and documents a limit cut
 * short are read again when that limit is higher now, and those with pages OCR could not read
 * through no fault of theirs are read again; at the end, what failed and what was cut
 * short is written for the next run and for `status`. A shared index keeps no record.
 */
import type { DiscoveredFile, ExtractedDocument, FileFailure } from '../types';
import type { FileLimits } from './fileLimits';
import type { IndexPlan } from './indexPlan';
import {
  limitedDocument,
  readFailureRecord,
  rereadOcrRetries,
  rereadRaisedLimits,
  skipCostlyFailures,
  writeFailureRecord,
  type LimitedDocument,
  type OcrRetryDocument,
  type RecordedFailure,
  type RunLimits,
} from './failureRecord';
import { plural } from './runText';

export class RunRecord {
  private readonly limited: LimitedDocument[] = [];
  private readonly ocrRetries: OcrRetryDocument[] = [];

  private constructor(
    private readonly recorded: RecordedFailure[],
    private readonly limits: RunLimits,
    private readonly enabled: boolean,
  ) {}

  /** `previous`: the index folder whose record counts (none for a rebuild, which reads everything). */
  static async open(previous: string | null, limits: RunLimits, enabled: boolean): Promise<RunRecord> {
    return new RunRecord(enabled && previous ? await readFailureRecord(previous) : [], limits, enabled);
  }

  /** Takes the skipped files out of the plan (into `failed`) and moves the documents to read again into it. */
  applyTo(plan: IndexPlan, failed: FileFailure[], notices: string[]): void {
    const skipped = skipCostlyFailures(plan, this.recorded, this.limits);
    failed.push(...skipped);
    if (skipped.length > 0) {
      const names =
        skipped.length > 3
          ? `${skipped
              .slice(0, 3)
              .map((f) => f.path)
              .join(', ')} and ${skipped.length - 3} more`
          : skipped.map((f) => f.path).join(', ');
      notices.push(`not read again, unchanged since they ran out of memory or time last run: ${names} (change them or raise the limit to try again)`);
    }
    const { moved, carried } = rereadRaisedLimits(plan, this.recorded, this.limits);
    this.limited.push(...carried);
    if (moved > 0) notices.push(`reading again ${plural(moved, 'document')} cut short by a limit that is higher now`);
    // OCR is on when the run has a pixel limit for it (indexer.ts).
    const retried = rereadOcrRetries(plan, this.recorded, this.limits.ocrMaxPixels !== undefined);
    this.ocrRetries.push(...retried.carried);
    if (retried.moved > 0) notices.push(`reading again ${plural(retried.moved, 'PDF')} with pages OCR could not read last run (its thread failed)`);
  }

  /** A document written this run: recorded if a limit cut it short. */
  written(doc: ExtractedDocument): void {
    if (doc.limitedBy?.length) this.limited.push(limitedDocument(doc.path, doc.limitedBy, this.limits));
    if (doc.ocrRetry?.length) this.ocrRetries.push({ path: doc.path, pages: doc.ocrRetry });
  }

  /** Replaces the record (complete runs only: a cancelled one tried only some files). */
  async write(target: string, failed: FileFailure[], files: DiscoveredFile[]): Promise<void> {
    if (this.enabled) await writeFailureRecord(target, failed, files, this.limits as FileLimits, this.limited, this.ocrRetries);
  }
}
