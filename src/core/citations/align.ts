/**
 * Approximate alignment of a passage `a` inside a page text `b` (both folded, fold.ts): the
 * ordered matching blocks, found as difflib's SequenceMatcher does (the longest common block,
 * then the same on each side of it), with a k-gram index of `b` so a block is only found when it
 * is at least `k` characters long: shorter common runs are chance, not evidence. Pure.
 */

/** `a[a, a + size)` equals `b[b, b + size)`. */
export interface Block {
  a: number;
  b: number;
  size: number;
}

/** Start positions of each k-gram of a text, ascending. */
export class GramIndex {
  private readonly positions = new Map<string, number[]>();

  constructor(
    readonly text: string,
    readonly k: number,
  ) {
    for (let j = 0; j + k <= text.length; j++) {
      const gram = text.slice(j, j + k);
      const list = this.positions.get(gram);
      if (list) list.push(j);
      else this.positions.set(gram, [j]);
    }
  }

  at(gram: string): readonly number[] | undefined {
    return this.positions.get(gram);
  }
}

/**
 * Which of equally long blocks to take: the one nearest the already matched text on its right
 * (`late`) or on its left (`early`). A repeated phrase ("No cross-references.") then matches the
 * copy beside the rest of the passage, not one earlier on the page.
 */
export type Prefer = 'early' | 'late';

/** The longest block of `a[aLo, aHi)` in `b[bLo, bHi)`; ties go to the earliest in `a`, then to `prefer` in `b`. */
export function longestBlock(a: string, index: GramIndex, aLo: number, aHi: number, bLo: number, bHi: number, prefer: Prefer = 'early'): Block | null {
  const { k } = index;
  let best: Block | null = null;
  // runs.get(j): how many consecutive k-grams of `a` ending at the previous `i` match `b` ending at j.
  let runs = new Map<number, number>();
  for (let i = aLo; i + k <= aHi; i++) {
    const next = new Map<number, number>();
    const positions = index.at(a.slice(i, i + k));
    if (positions) {
      for (let p = firstAtLeast(positions, bLo); p < positions.length; p++) {
        const j = positions[p] as number;
        if (j + k > bHi) break;
        const run = (runs.get(j - 1) ?? 0) + 1;
        next.set(j, run);
        const size = run + k - 1;
        const start = i - run + 1;
        if (!best || size > best.size || (size === best.size && start === best.a && prefer === 'late')) best = { a: start, b: j - run + 1, size };
      }
    }
    runs = next;
  }
  return best;
}

/** Every maximal common block of `a` and the whole of `b` at least `minSize` long, by position in `a`. */
export function maximalBlocks(a: string, index: GramIndex, minSize: number): Block[] {
  const { k } = index;
  const blocks: Block[] = [];
  let runs = new Map<number, number>();
  // A run that the next k-gram does not extend has ended: `last` is the position of its last k-gram.
  const ended = (last: number, j: number, run: number) => {
    const size = run + k - 1;
    if (size >= minSize) blocks.push({ a: last - run + 1, b: j - run + 1, size });
  };
  for (let i = 0; i + k <= a.length; i++) {
    const next = new Map<number, number>();
    for (const j of index.at(a.slice(i, i + k)) ?? []) next.set(j, (runs.get(j - 1) ?? 0) + 1);
    for (const [j, run] of runs) if (!next.has(j + 1)) ended(i - 1, j, run);
    runs = next;
  }
  for (const [j, run] of runs) ended(a.length - k, j, run);
  return blocks;
}

/**
 * Appends to `out`, in order, the matching blocks of `a[aLo, aHi)` within `b[bLo, bHi)`; `prefer`
 * says on which side the text matched so far lies (`late`: this range is left of it).
 */
export function matchingBlocks(a: string, index: GramIndex, aLo: number, aHi: number, bLo: number, bHi: number, out: Block[], prefer: Prefer = 'early'): void {
  if (aHi - aLo < index.k || bHi - bLo < index.k) return;
  const block = longestBlock(a, index, aLo, aHi, bLo, bHi, prefer);
  if (!block) return;
  matchingBlocks(a, index, aLo, block.a, bLo, block.b, out, 'late');
  out.push(block);
  matchingBlocks(a, index, block.a + block.size, aHi, block.b + block.size, bHi, out, 'early');
}

function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
