/**
 * Progress display for long CLI runs: a one-line bar redrawn in place on a terminal, plain
 * lines (at most one per file) otherwise, nothing at all with --json (stdout stays parseable).
 */
import type { IndexProgress, IndexSummary } from '../core/index';
import { safeText } from './terminalLinks';

export interface ProgressView {
  update(progress: IndexProgress): void;
  /** Clears the bar so the next output starts on a clean line. */
  end(): void;
}

export function createProgressView(stream: NodeJS.WriteStream, quiet: boolean): ProgressView {
  if (quiet) return { update: () => undefined, end: () => undefined };
  if (!stream.isTTY) {
    let lastFile: string | undefined;
    return {
      update(p) {
        if (p.phase === 'done') return;
        if (p.phase === 'ocr') {
          stream.write(`${safeText(p.message ?? '')}\n`); // "OCR page 3/17 of scanned/x.pdf"
          return;
        }
        // File names are anyone's characters: controls print as '?' (the bar's own escapes are added after).
        if (p.message) stream.write(`${p.phase}: ${safeText(p.message)}\n`);
        else if (p.file && p.phase === 'embed' && p.file !== lastFile) {
          // One line per document: the moment its chunks start being embedded and written.
          lastFile = p.file;
          stream.write(`[${p.done + 1}/${p.total}] ${safeText(p.file)}\n`);
        }
      },
      end: () => undefined,
    };
  }
  let drawn = false;
  let lastDraw = 0;
  return {
    update(p) {
      const now = Date.now();
      if (p.phase !== 'done' && now - lastDraw < 100) return; // redraws cost more than the work for small files
      lastDraw = now;
      const width = 24;
      const ratio = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
      const filled = Math.round(ratio * width);
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
      const label = safeText(p.file ?? p.message ?? p.phase);
      const columns = stream.columns ?? 80;
      const line = `${bar} ${p.done}/${p.total} ${p.phase} ${label}`;
      stream.write(`\r\x1b[K${line.length > columns - 1 ? line.slice(0, columns - 2) + '…' : line}`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/** Runs an indexing generator to its end, showing each step, and returns its summary. */
export async function showIndexRun<Summary extends IndexSummary>(run: AsyncGenerator<IndexProgress, Summary>, view: ProgressView): Promise<Summary> {
  try {
    for (;;) {
      const step = await run.next();
      if (step.done) return step.value;
      view.update(step.value);
    }
  } finally {
    view.end();
  }
}
