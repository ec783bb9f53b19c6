/**
 * The `warning:` lines of one run on stderr, bounded: a line said before is not said again, and
 * past MAX_WARNING_BYTES nothing more is written; one last line counts what was left out. A draft
 * or bib can hold millions of problems (the core lists the first of each kind and counts the rest);
 * this is the last guard, so no run floods a terminal or a log.
 */
import { terminalSafe } from '../core/text/terminalSafe';

export const MAX_WARNING_BYTES = 1024 * 1024;

export class WarningLines {
  private written = 0;
  private repeated = 0;
  private overLimit = 0;
  private readonly seen = new Set<string>();

  constructor(
    private readonly stream: { write(text: string): unknown },
    private readonly maxBytes = MAX_WARNING_BYTES,
  ) {}

  /** Writes `warning: <text>` (made terminal-safe) unless it was said already or the limit is reached. */
  add(text: string): void {
    const line = `warning: ${terminalSafe(text)}\n`;
    if (this.seen.has(line)) {
      this.repeated++;
      return;
    }
    const bytes = Buffer.byteLength(line);
    if (this.overLimit > 0 || this.written + bytes > this.maxBytes) {
      this.overLimit++;
      return;
    }
    this.seen.add(line);
    this.written += bytes;
    this.stream.write(line);
  }

  /** The one line for what was left out, if anything was. */
  end(): void {
    const left = this.repeated + this.overLimit;
    if (left === 0) return;
    const why = [
      ...(this.repeated ? [`${this.repeated.toLocaleString('en')} repeating a line above`] : []),
      ...(this.overLimit ? [`${this.overLimit.toLocaleString('en')} past the ${Math.round(this.maxBytes / 1024)} KB of warnings one run prints`] : []),
    ];
    this.stream.write(`warning: ${left.toLocaleString('en')} more warnings left out (${why.join(', ')})\n`);
  }
}
