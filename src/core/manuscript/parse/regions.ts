/**
 * A problem met while parsing a draft, at an offset: the non-prose regions' own problems
 * (../../text/regions.ts) and the citation commands' (./latexCitations.ts).
 */

import type { DraftProblem } from '../parsedDraft';

export interface ProblemAt {
  code: DraftProblem['code'];
  offset: number;
  message: string;
}
