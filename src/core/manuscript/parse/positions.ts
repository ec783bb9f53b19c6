/** Offsets to 1-based lines and columns, by a binary search over the line starts (one pass to build). */
import type { SourcePosition, SourceRange } from '../parsedDraft';

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  position(offset: number): SourcePosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { offset, line: low + 1, column: offset - this.starts[low]! + 1 };
  }

  range(start: number, end: number): SourceRange {
    return { start: this.position(start), end: this.position(end) };
  }
}
