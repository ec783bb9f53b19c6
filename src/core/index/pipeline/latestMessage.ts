/**
 * The latest of a stream of progress lines ("OCR page 3/17 of x.pdf", "reading page 2,000 of
 * 10,000 of big.pdf"), for the indexer, which looks only while it waits for a document: older
 * lines are stale by the time it looks, so only the newest is kept.
 */
export interface ProgressLine {
  phase: 'extract' | 'ocr';
  message: string;
}

export class LatestMessage {
  private latest: ProgressLine | undefined;
  private wake: (() => void) | undefined;

  say(message: ProgressLine): void {
    this.latest = message;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Resolves with the next line, or never (the caller races it with its work). */
  next(): Promise<ProgressLine> {
    this.wake = undefined; // an earlier caller stopped waiting
    const latest = this.take();
    if (latest !== undefined) return Promise.resolve(latest);
    return new Promise<ProgressLine>((resolve) => {
      this.wake = () => resolve(this.take() as ProgressLine);
    });
  }

  private take(): ProgressLine | undefined {
    const latest = this.latest;
    this.latest = undefined;
    return latest;
  }
}
