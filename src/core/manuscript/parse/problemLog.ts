/**
 * The problems a parse reports: the first MAX_LISTED of each kind with their places, the rest only
 * counted. A 20 MB draft of `\cite{` holds three million braces never closed; one line each was
 * 232 MB of identical warnings, and as many diagnostics in the editor.
 */
import type { DraftProblem } from '../parsedDraft';
import type { ProblemAt } from './regions';

/** Problems of one kind listed with their line; the rest are counted. */
export const MAX_LISTED = 50;

export class ProblemLog {
  readonly listed: ProblemAt[] = [];
  private readonly counts = new Map<DraftProblem['code'], number>();

  push(...problems: ProblemAt[]): void {
    for (const problem of problems) {
      const count = (this.counts.get(problem.code) ?? 0) + 1;
      this.counts.set(problem.code, count);
      if (count <= MAX_LISTED) this.listed.push(problem);
    }
  }

  /** How many of each kind were not listed (kinds with none left out are absent). */
  unlisted(): Partial<Record<DraftProblem['code'], number>> {
    const out: Partial<Record<DraftProblem['code'], number>> = {};
    for (const [code, count] of this.counts) if (count > MAX_LISTED) out[code] = count - MAX_LISTED;
    return out;
  }
}
