/**
 * The bracket that closes each `{`, `[` and `(` of a draft, found in one pass: what a citation's
 * key list, notes and locator end at. Asking each opener in turn to scan ahead for its closer
 * costs a scan per opener: a draft of nothing but `\cite{` or `[@a ` (a brace never closed) made
 * that quadratic, minutes for 300 KB. Here a stack per bracket kind matches every pair once; the
 * answer to "where does this one close" is then a lookup.
 *
 * The rules a reader of the draft applies: nesting counts per kind, a backslash escapes the next
 * character, a blank line closes nothing (an opener still open there is never closed), and a
 * closer further than MAX_ARGUMENT characters away does not count (a stray `{` is not an argument
 * that runs for pages).
 */

/** Past this many characters an unclosed `{` or `[` is not a note or a key list. */
export const MAX_ARGUMENT = 2000;

const OPENERS: Record<number, number> = { 123: 0, 91: 1, 40: 2 }; // { [ (
const CLOSERS: Record<number, number> = { 125: 0, 93: 1, 41: 2 }; // } ] )
const BACKSLASH = 92;
const NEWLINE = 10;

interface Matches {
  /** At an opener's offset: how far its closer is (0: none within MAX_ARGUMENT), so 16 bits hold it. */
  distance: Uint16Array;
  /** At an opener's offset: how many openers of its kind it holds (fewer than MAX_ARGUMENT when closed). */
  nested: Uint16Array;
}

export class Brackets {
  private matches: Matches | null = null;

  constructor(private readonly text: string) {}

  /** Index of the bracket closing the one at `open` (a `{`, `[` or `(`), or -1 when it is not closed in reach. */
  closing(open: number): number {
    const distance = this.matched().distance[open] ?? 0;
    return distance === 0 ? -1 : open + distance;
  }

  /** How many brackets of its own kind the closed bracket at `open` holds (0 when it is not closed in reach). */
  nestedIn(open: number): number {
    return this.matched().distance[open] ? this.matched().nested[open]! : 0;
  }

  private matched(): Matches {
    this.matches ??= matchBrackets(this.text);
    return this.matches;
  }
}

function matchBrackets(text: string): Matches {
  const distance = new Uint16Array(text.length);
  const nested = new Uint16Array(text.length);
  // Per kind: the open brackets' offsets, and how many of that kind were opened before each.
  const stacks: number[][] = [[], [], []];
  const openedBefore: number[][] = [[], [], []];
  const opened = [0, 0, 0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === BACKSLASH) {
      i++;
      continue;
    }
    const opener = OPENERS[ch];
    if (opener !== undefined) {
      stacks[opener]!.push(i);
      openedBefore[opener]!.push(opened[opener]!++);
      continue;
    }
    const closer = CLOSERS[ch];
    if (closer !== undefined) {
      const open = stacks[closer]!.pop();
      const before = openedBefore[closer]!.pop();
      if (open !== undefined && before !== undefined && i - open < MAX_ARGUMENT) {
        distance[open] = i - open;
        nested[open] = opened[closer]! - before - 1;
      }
    } else if (ch === NEWLINE && blankLineAt(text, i)) {
      for (const stack of [...stacks, ...openedBefore]) stack.length = 0;
    }
  }
  return { distance, nested };
}

/** Whether the line break at `i` is followed by a blank line (spaces and tabs only, then a break). */
function blankLineAt(text: string, i: number): boolean {
  let j = i + 1;
  while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
  return text[j] === '\n';
}
