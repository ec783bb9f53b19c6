/**
 * Splits a chunk of document text into prose and fenced code blocks. A chunk is a slice of a
 * document, so it may begin or end inside a code fence; which reading is right is decided by the
 * fences themselves (a fence with a language tag opens a block) and, when they cannot tell, by
 * whether the text before the first fence looks like code.
 */

export type TextBlock = { kind: 'prose'; lines: string[] } | { kind: 'code'; lang: string; lines: string[] };

interface Fence {
  line: number;
  char: '`' | '~';
  length: number;
  info: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;

function fenceOf(line: string, index: number): Fence | null {
  const m = FENCE.exec(line);
  if (!m) return null;
  const info = m[2]!.trim();
  // A backtick fence's info string cannot contain a backtick (CommonMark): "```a```" is inline code.
  if (m[1]![0] === '`' && info.includes('`')) return null;
  return { line: index, char: m[1]![0] as '`' | '~', length: m[1]!.length, info };
}

export function textBlocks(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const fences = lines.map(fenceOf).filter((f): f is Fence => f !== null);
  // Without fences the chunk may still sit wholly inside a long code block.
  const startsInside =
    fences.length === 0 ? looksLikeCode(lines) && !looksLikeProse(lines) && lines.filter((l) => l.trim()).length >= 2 : startsInsideFence(lines, fences);
  return split(lines, fences, startsInside);
}

/** Walks the lines with the given start state; a block still open at the end is closed by the caller's rendering. */
function split(lines: string[], fences: Fence[], startsInside: boolean): TextBlock[] {
  const blocks: TextBlock[] = [];
  const byLine = new Map(fences.map((f) => [f.line, f]));
  let open: Fence | 'unknown' | null = startsInside ? 'unknown' : null;
  let current: TextBlock = startsInside ? { kind: 'code', lang: '', lines: [] } : { kind: 'prose', lines: [] };
  const push = () => {
    if (current.lines.some((l) => l.trim() !== '')) blocks.push(current);
  };
  lines.forEach((line, i) => {
    const fence = byLine.get(i);
    if (open === null && fence) {
      push();
      open = fence;
      current = { kind: 'code', lang: fence.info.split(/\s+/)[0] ?? '', lines: [] };
    } else if (open !== null && fence && closes(open, fence)) {
      push();
      open = null;
      current = { kind: 'prose', lines: [] };
    } else {
      current.lines.push(line);
    }
  });
  push();
  return blocks;
}

function closes(open: Fence | 'unknown', fence: Fence): boolean {
  if (fence.info !== '') return false;
  return open === 'unknown' || (fence.char === open.char && fence.length >= open.length);
}

/**
 * Reads the fences both ways (starting outside, starting inside a block whose opener is in an
 * earlier chunk) and keeps the reading with fewer oddities: a tagged fence taken as a code line,
 * a block left open at the end, text before the first fence that looks unlike its reading.
 */
function startsInsideFence(lines: string[], fences: Fence[]): boolean {
  const oddities = (inside: boolean) => {
    let open: Fence | 'unknown' | null = inside ? 'unknown' : null;
    let odd = 0;
    for (const f of fences) {
      if (open === null) open = f;
      else if (closes(open, f)) open = null;
      else if (f.info !== '') odd += 2;
    }
    if (open !== null) odd += 1;
    const before = lines.slice(0, fences[0]!.line);
    const code = looksLikeCode(before);
    const prose = looksLikeProse(before);
    if (inside && prose && !code) odd += 1.5;
    if (!inside && code && !prose) odd += 1.5;
    return odd;
  };
  return oddities(true) < oddities(false);
}

const CODE_LINE =
  /[;{}]\s*$|^\s*[}\])]|=>|\w\(.*\)|^\s{2,}(?![-*+]\s|\d+[.)]\s)\S|^\s*(\/\/|#!|<\/?[a-z]|import\b|export\b|const\b|let\b|var\b|function\b|def\b|class\b|return\b|if\s*\(|for\s*\()|^\s*[\w.$]+\s*=\s*\S/;
const PROSE_LINE = /^[^;{}=<>]*\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}\b[^;{}=<>]*[.?!:,]?$/;

function share(lines: string[], pattern: RegExp): number {
  const filled = lines.filter((l) => l.trim() !== '');
  return filled.length === 0 ? 0 : filled.filter((l) => pattern.test(l)).length / filled.length;
}

export function looksLikeCode(lines: string[]): boolean {
  return share(lines, CODE_LINE) > 0.5;
}

function looksLikeProse(lines: string[]): boolean {
  return share(lines, PROSE_LINE) > 0.5;
}
