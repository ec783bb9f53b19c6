/**
 * The `[n]` markers an answer cites its passages with, written once: `[1]`, `[2, 3]` (the numbers
 * of the passages given to the model, from 1). The graph reads which passages an answer used,
 * the chat turns markers into links as they stream, the draft inserter turns them into the
 * document's citations, and the viewer finds the sentence a marker ends. Every pattern is made
 * here; test/unit/citations/citationMarkers.test.ts fails when one is written anywhere else.
 */

/** One marker; its group is the list of numbers. */
const MARKER = String.raw`\[(\d+(?:\s*,\s*\d+)*)\]`;

/** Every marker of a text (global: a new RegExp per call, so no caller shares `lastIndex`). */
export function citationMarkers(): RegExp {
  return new RegExp(MARKER, 'g');
}

/** Markers side by side (`[2][3]`, `[2] [3]`) as one match: one citation of several passages. */
export function citationMarkerRuns(): RegExp {
  return new RegExp(String.raw`${MARKER}(?:\s*${MARKER})*`, 'g');
}

/** The numbers of a marker's group (`"2, 3"` → [2, 3]). */
export function markerNumbers(group: string): number[] {
  return group.split(',').map((s) => Number(s.trim()));
}

/** A marker that lists `n`, alone or among others (`[n]`, `[1, n, 4]`). */
export function markerCiting(n: number): RegExp {
  return new RegExp(String.raw`\[(?:\d+\s*,\s*)*${n}(?:\s*,\s*\d+)*\]`);
}

/** A `[`, `[1`, `[1,` ... at the end of the text so far: a marker that may be split across tokens. */
export const OPEN_MARKER_AT_END = /\[[\d,\s]*$/;

/**
 * Markers as a manuscript may also write them, for stripping from a claim before its words are
 * compared: [1], [2, 3], ranges [1-4] / [1–4], footnotes [^1].
 */
export function anyCitationMarkers(): RegExp {
  return /\[\^?\d+(?:\s*[,–-]\s*\d+)*\]/g;
}
